import { ReloadOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Tooltip, Transfer } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ToggleColumn {
  key: string;
  title: string;
}

interface Props {
  left?: ReactNode;
  searchVisible: boolean;
  onToggleSearch: () => void;
  onRefresh: () => void;
  refreshing?: boolean;
  columns: ToggleColumn[];
  hidden: string[];
  onHiddenChange: (hidden: string[]) => void;
}

/** UI.md right toolbar: hide/show search, refresh, show/hide columns with a transfer list. */
export function TableToolbar({
  left,
  searchVisible,
  onToggleSearch,
  onRefresh,
  refreshing,
  columns,
  hidden,
  onHiddenChange,
}: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>(hidden);
  return (
    <div className="list-toolbar">
      <div>{left}</div>
      <Space>
        <Tooltip title={searchVisible ? t('list.hideSearch') : t('list.showSearch')}>
          <Button
            shape="circle"
            icon={<SearchOutlined />}
            onClick={onToggleSearch}
            aria-label={t('list.toggleSearch')}
          />
        </Tooltip>
        <Tooltip title={t('common.refresh')}>
          <Button
            shape="circle"
            icon={<ReloadOutlined spin={refreshing} />}
            onClick={onRefresh}
            aria-label={t('common.refresh')}
          />
        </Tooltip>
        <Tooltip title={t('list.columns')}>
          <Button
            shape="circle"
            icon={<SettingOutlined />}
            aria-label={t('list.columns')}
            onClick={() => {
              setDraft(hidden);
              setOpen(true);
            }}
          />
        </Tooltip>
      </Space>
      <Modal
        title={t('list.columns')}
        open={open}
        mask={{ closable: false }}
        onCancel={() => setOpen(false)}
        onOk={() => {
          onHiddenChange(draft);
          setOpen(false);
        }}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        width={560}
      >
        <Transfer
          dataSource={columns}
          rowKey={(c) => c.key}
          titles={[t('list.shownColumns'), t('list.hiddenColumns')]}
          targetKeys={draft}
          onChange={(keys) => setDraft(keys.map(String))}
          render={(c) => c.title}
          styles={{ section: { width: 230, height: 300 } }}
        />
      </Modal>
    </div>
  );
}
