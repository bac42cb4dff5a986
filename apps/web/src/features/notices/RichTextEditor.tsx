import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Modal, Tooltip, Typography, theme } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './RichTextEditor.css';
import { sanitizeRichText } from './richText.ts';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  /** The field's name as the form shows it: the accessible name of the writing area. */
  label: string;
  placeholder?: string;
  id?: string;
}

/** Addresses a link may take: the schemes the server keeps (platform/sanitize.ts), written out in full. */
const LINK_ADDRESS = /^(https?:\/\/[^\s<>"]+|mailto:[^\s<>"]+|tel:\+?[\d\s()-]+)$/i;

/**
 * Only what the server's allow-list keeps (platform/sanitize.ts): paragraphs, three heading levels,
 * bold, italic, underline, strike, lists, links, quotes, code, rules and line breaks. There is no image
 * node, so a pasted image never enters the document.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    link: {
      openOnClick: false,
      HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
      isAllowedUri: (url) => LINK_ADDRESS.test(url),
    },
  }),
];

/** The text as stored: nothing when empty, and without the empty paragraph tiptap keeps after a list. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, ''));

interface ToolButton {
  key: string;
  label: string;
  icon: ReactNode;
  /** Toggle buttons say whether their format applies at the caret (aria-pressed). */
  pressed?: boolean;
  run: () => void;
}

/**
 * The notice editor (tiptap). Its HTML is only a proposal: the server keeps the allow-listed part of
 * it. The toolbar is one tab stop (arrow keys, Home and End move inside it, Escape returns to the
 * text; Alt+F10 in the text jumps to it); tiptap's own shortcuts (Ctrl+B, Ctrl+I, Ctrl+U…) work too.
 */
export function RichTextEditor({ value = '', onChange, label, placeholder, id }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const ownId = useId();
  const areaId = id ?? ownId;
  const toolbar = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const [hrefInvalid, setHrefInvalid] = useState(false);
  const hintId = `${areaId}-link-hint`;

  // Options that change identity make tiptap re-apply them on every render: the first value and the
  // view's attributes are fixed here, later values arrive through the effect below.
  const [initialContent] = useState(value);
  const editorProps = useMemo(
    () => ({
      attributes: {
        id: areaId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        'aria-keyshortcuts': 'Alt+F10',
        class: 'rich-text-editor__content',
      },
      // Pasted HTML is cleaned before ProseMirror parses it: its parse would meet an onerror handler.
      transformPastedHTML: sanitizeRichText,
      handleKeyDown: (_view: unknown, event: globalThis.KeyboardEvent) => {
        if (!(event.altKey && event.key === 'F10')) return false;
        toolbar.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
        return true;
      },
    }),
    [areaId, label],
  );
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent,
    editorProps,
    onUpdate: ({ editor: changed }) => onChange?.(htmlOf(changed)),
  });

  // A value set from outside (a loaded notice, a reset form) replaces the text; our own echo does not.
  useEffect(() => {
    if (!editor.isDestroyed && value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      empty: e.isEmpty,
      focused: e.isFocused,
    }),
  });

  const chain = () => editor.chain().focus();
  const openLink = () => {
    setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
    setHrefInvalid(false);
    setLinking(true);
  };
  const applyLink = () => {
    const address = href.trim();
    if (address === '' || address === 'https://') {
      chain().extendMarkRange('link').unsetLink().run();
    } else if (!LINK_ADDRESS.test(address)) {
      setHrefInvalid(true);
      return;
    } else if (editor.state.selection.empty && !editor.isActive('link')) {
      chain()
        .insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] })
        .run();
    } else {
      chain().extendMarkRange('link').setLink({ href: address }).run();
    }
    setLinking(false);
  };

  const heading = (level: 1 | 2 | 3): ToolButton => ({
    key: `h${level}`,
    label: t('notices.editor.heading', { level }),
    icon: <span className="rich-text-editor__heading-icon">H{level}</span>,
    pressed: state[`h${level}`],
    run: () => chain().toggleHeading({ level }).run(),
  });
  const buttons: ToolButton[] = [
    {
      key: 'bold',
      label: t('notices.editor.bold'),
      icon: <BoldOutlined />,
      pressed: state.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      key: 'italic',
      label: t('notices.editor.italic'),
      icon: <ItalicOutlined />,
      pressed: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      key: 'underline',
      label: t('notices.editor.underline'),
      icon: <UnderlineOutlined />,
      pressed: state.underline,
      run: () => chain().toggleUnderline().run(),
    },
    {
      key: 'strike',
      label: t('notices.editor.strike'),
      icon: <StrikethroughOutlined />,
      pressed: state.strike,
      run: () => chain().toggleStrike().run(),
    },
    heading(1),
    heading(2),
    heading(3),
    {
      key: 'bulletList',
      label: t('notices.editor.bulletList'),
      icon: <UnorderedListOutlined />,
      pressed: state.bulletList,
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      label: t('notices.editor.orderedList'),
      icon: <OrderedListOutlined />,
      pressed: state.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
    { key: 'link', label: t('notices.editor.link'), icon: <LinkOutlined />, pressed: state.link, run: openLink },
    {
      key: 'clear',
      label: t('notices.editor.clear'),
      icon: <ClearOutlined />,
      run: () => chain().unsetAllMarks().clearNodes().run(),
    },
  ];

  const moveInToolbar = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      editor.commands.focus();
      return;
    }
    const last = buttons.length - 1;
    const target: Record<string, number> = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const next = target[event.key];
    if (next === undefined) return;
    event.preventDefault();
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  return (
    <div
      className="rich-text-editor"
      style={{
        border: `1px solid ${state.focused ? token.colorPrimary : token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
      }}
    >
      <div
        ref={toolbar}
        role="toolbar"
        aria-label={t('notices.editor.toolbar')}
        aria-controls={areaId}
        className="rich-text-editor__toolbar"
        style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}
        onKeyDown={moveInToolbar}
      >
        {buttons.map((b, i) => (
          <Tooltip key={b.key} title={b.label} trigger={['hover', 'focus']}>
            <Button
              size="small"
              color={b.pressed ? 'primary' : 'default'}
              variant={b.pressed ? 'solid' : 'text'}
              icon={b.icon}
              aria-label={b.label}
              aria-pressed={b.pressed}
              tabIndex={i === current ? 0 : -1}
              onFocus={() => setCurrent(i)}
              // Keep the caret and the selection in the text while the button is pressed.
              onMouseDown={(e) => e.preventDefault()}
              onClick={b.run}
            />
          </Tooltip>
        ))}
      </div>
      <div className="rich-text-editor__body">
        {state.empty && placeholder && (
          <div aria-hidden className="rich-text-editor__placeholder" style={{ color: token.colorTextPlaceholder }}>
            {placeholder}
          </div>
        )}
        <EditorContent editor={editor} />
      </div>
      <Modal
        title={t('notices.editor.link')}
        open={linking}
        width={500}
        mask={{ closable: false }}
        onCancel={() => {
          setLinking(false);
          editor.commands.focus();
        }}
        onOk={applyLink}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
      >
        <Input
          value={href}
          autoFocus
          aria-label={t('notices.editor.linkAddress')}
          aria-invalid={hrefInvalid}
          aria-describedby={hrefInvalid ? hintId : undefined}
          status={hrefInvalid ? 'error' : undefined}
          placeholder="https://"
          onChange={(e) => {
            setHref(e.target.value);
            setHrefInvalid(false);
          }}
          onPressEnter={applyLink}
        />
        {hrefInvalid && (
          <Typography.Text id={hintId} type="danger" style={{ display: 'block', marginTop: 4 }}>
            {t('notices.editor.linkInvalid')}
          </Typography.Text>
        )}
      </Modal>
    </div>
  );
}
