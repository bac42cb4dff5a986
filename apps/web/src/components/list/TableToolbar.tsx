import { FilterOutlined, ReloadOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChecklist } from './ColumnChecklist.tsx';

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
  /** A phone's card list: the search toggle opens the filters drawer and the columns cannot be set. */
  cards?: boolean;
  /** The hidden columns are the user's own choice rather than the automatic fit. */
  customised?: boolean;
  /** Forgets the user's choice: the columns fit automatically again. */
  onResetColumns?: () => void;
}

/**
 * UI.md right toolbar: hide/show search, refresh, show/hide columns with a checkbox per column (the
 * user's choice there wins over the automatic fit until "default columns" forgets it). On a phone the search
 * toggle becomes the "Filters" button and the column settings go (cards show the must-see fields).
 */
export function TableToolbar({
  left,
  searchVisible,
  onToggleSearch,
  onRefresh,
  refreshing,
  columns,
  hidden,
  onHiddenChange,
  cards = false,
  customised = false,
  onResetColumns,
}: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>(hidden);
  return (
    <div className="list-toolbar">
      <div>{left}</div>
      <Space>
        {cards ? (
          <Button icon={<FilterOutlined />} onClick={onToggleSearch} aria-expanded={searchVisible}>
            {t('list.filters')}
          </Button>
        ) : (
          <Tooltip title={searchVisible ? t('list.hideSearch') : t('list.showSearch')}>
            <Button
              shape="circle"
              icon={<SearchOutlined />}
              onClick={onToggleSearch}
              aria-label={t('list.toggleSearch')}
            />
          </Tooltip>
        )}
        <Tooltip title={t('common.refresh')}>
          <Button
            shape="circle"
            icon={<ReloadOutlined spin={refreshing} />}
            onClick={onRefresh}
            aria-label={t('common.refresh')}
          />
        </Tooltip>
        {!cards && (
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
        )}
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
        footer={(_, { OkBtn, CancelBtn }) => (
          <>
            {customised && onResetColumns && (
              <Button
                style={{ float: 'left' }}
                onClick={() => {
                  onResetColumns();
                  setOpen(false);
                }}
              >
                {t('list.defaultColumns')}
              </Button>
            )}
            <CancelBtn />
            <OkBtn />
          </>
        )}
      >
        <ColumnChecklist
          columns={columns}
          shown={columns.filter((c) => !draft.includes(c.key)).map((c) => c.key)}
          onChange={(shown) => setDraft(columns.filter((c) => !shown.includes(c.key)).map((c) => c.key))}
        />
      </Modal>
    </div>
  );
}
