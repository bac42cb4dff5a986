import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Input, Modal, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  id?: string;
}

/**
 * A minimal rich-text editor (no editor package is installed): a contentEditable area with bold,
 * italic, underline, lists and links. What it produces is only a proposal; the server keeps the
 * allow-listed part of it (platform/sanitize.ts).
 */
export function RichTextEditor({ value = '', onChange, placeholder, id }: Props) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const selection = useRef<Range | null>(null);
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('https://');

  useEffect(() => {
    if (area.current && area.current.innerHTML !== value) area.current.innerHTML = value;
  }, [value]);

  const emit = () => onChange?.(area.current?.innerHTML ?? '');
  const run = (command: string, argument?: string) => {
    area.current?.focus();
    document.execCommand?.(command, false, argument);
    emit();
  };
  const keepSelection = () => {
    const current = window.getSelection();
    selection.current = current && current.rangeCount > 0 ? current.getRangeAt(0) : null;
  };
  const insertLink = () => {
    area.current?.focus();
    const current = window.getSelection();
    if (selection.current && current) {
      current.removeAllRanges();
      current.addRange(selection.current);
    }
    if (/^(https?:|mailto:)/i.test(href.trim())) run('createLink', href.trim());
    setLinking(false);
  };

  const button = (label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={label} key={label}>
      <Button
        size="small"
        type="text"
        icon={icon}
        aria-label={label}
        // Keep the caret in the text while the button is pressed.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );

  return (
    <div className="rich-text-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space size={0} style={{ borderBottom: '1px solid #f0f0f0', padding: 2, width: '100%' }} wrap>
        {button(t('notices.editor.bold'), <BoldOutlined />, () => run('bold'))}
        {button(t('notices.editor.italic'), <ItalicOutlined />, () => run('italic'))}
        {button(t('notices.editor.underline'), <UnderlineOutlined />, () => run('underline'))}
        {button(t('notices.editor.bulletList'), <UnorderedListOutlined />, () => run('insertUnorderedList'))}
        {button(t('notices.editor.orderedList'), <OrderedListOutlined />, () => run('insertOrderedList'))}
        {button(t('notices.editor.link'), <LinkOutlined />, () => {
          keepSelection();
          setHref('https://');
          setLinking(true);
        })}
        {button(t('notices.editor.clear'), <ClearOutlined />, () => run('removeFormat'))}
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: a textarea cannot hold formatted text */}
      <div
        id={id}
        ref={area}
        tabIndex={0}
        role="textbox"
        aria-multiline="true"
        aria-label={placeholder}
        contentEditable
        suppressContentEditableWarning
        data-placeholder={placeholder}
        onInput={emit}
        onBlur={emit}
        style={{ minHeight: 220, maxHeight: 520, overflowY: 'auto', padding: '8px 11px', outline: 'none' }}
      />
      <Modal
        title={t('notices.editor.link')}
        open={linking}
        width={500}
        mask={{ closable: false }}
        onCancel={() => setLinking(false)}
        onOk={insertLink}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
      >
        <Input
          value={href}
          aria-label={t('notices.editor.linkAddress')}
          placeholder="https://"
          onChange={(e) => setHref(e.target.value)}
          onPressEnter={insertLink}
        />
      </Modal>
    </div>
  );
}
