import { Button, Space, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PARENT_CODES, permissionTreeData, toggleCode } from './permissionTree.ts';

interface Props {
  value?: string[];
  onChange?: (codes: string[]) => void;
  disabled?: boolean;
}

/**
 * The permission tree of spec §2 with checkboxes. Checking is strict (a group may be on without all
 * of its entries) and the cascade is ours: children follow a checked parent, parents follow a child.
 */
export function PermissionTreeField({ value = [], onChange, disabled }: Props) {
  const { t } = useTranslation();
  const treeData = useMemo(() => permissionTreeData(t), [t]);
  const [expanded, setExpanded] = useState<string[]>(PARENT_CODES);

  return (
    <div>
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text type="secondary">{t('jurisdiction.positions.permissionHint')}</Typography.Text>
        <Button size="small" onClick={() => setExpanded(PARENT_CODES)}>
          {t('jurisdiction.positions.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('jurisdiction.positions.collapseAll')}
        </Button>
      </Space>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        disabled={disabled}
        treeData={treeData}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        checkedKeys={{ checked: value, halfChecked: [] }}
        onCheck={(_keys, info) => onChange?.(toggleCode(value, String(info.node.key), info.checked))}
      />
    </div>
  );
}
