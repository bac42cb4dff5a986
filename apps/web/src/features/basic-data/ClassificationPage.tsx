import { PlusOutlined } from '@ant-design/icons';
import type { MaterialClassInput, MaterialClassNode } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import {
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  TreeSelect,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { requiredRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { PERMISSION } from './BasicDataList.tsx';
import { basicDataApi, basicDataKeys } from './basic-data.api.ts';

type Field = 'code' | 'name' | 'parent' | 'erpClassCode' | 'sortOrder' | 'remarks' | 'updatedAt';
type Editing = { node: MaterialClassNode | null; parentId: string | null } | null;

/** A table row: a leaf has no `children`, so the table shows no expand icon on it. */
type ClassRow = Omit<MaterialClassNode, 'children'> & { node: MaterialClassNode; children?: ClassRow[] };

const toRows = (nodes: MaterialClassNode[]): ClassRow[] =>
  nodes.map(({ children, ...rest }) => ({
    ...rest,
    node: { ...rest, children },
    children: children.length ? toRows(children) : undefined,
  }));

/** Nodes whose code or name holds the keyword, with their ancestors so the tree stays a tree. */
function filterTree(nodes: MaterialClassNode[], keyword: string): MaterialClassNode[] {
  const k = keyword.toLowerCase();
  return nodes.flatMap((n) => {
    const children = filterTree(n.children, keyword);
    const hit = n.code.toLowerCase().includes(k) || n.name.toLowerCase().includes(k);
    return hit || children.length ? [{ ...n, children: hit && !children.length ? n.children : children }] : [];
  });
}

/** Ids of a node and everything below it: none of them can become its parent (spec §5). */
function subtreeIds(node: MaterialClassNode): Set<string> {
  const ids = new Set<string>([node.id]);
  for (const c of node.children) for (const id of subtreeIds(c)) ids.add(id);
  return ids;
}

interface ParentOption {
  value: string;
  title: string;
  disabled: boolean;
  children: ParentOption[];
}

const parentOptions = (nodes: MaterialClassNode[], excluded: Set<string>): ParentOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: `${n.code} ${n.name}`,
    disabled: excluded.has(n.id),
    children: parentOptions(n.children, excluded),
  }));

/** /basicdatasetting/classificationmaintenance (CF_BAS): the material classification tree. */
export function ClassificationPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // The tree is not paged: Reset clears the whole query.
  const search = useListFilter({ keyword: filterField.text() }, { keep: [] });
  const [editing, setEditing] = useState<Editing>(null);
  const { keyword } = search.filter;
  const f = (key: Field) => t(`basicData.classes.fields.${key}`);

  const tree = useQuery({ queryKey: basicDataKeys.classTree, queryFn: basicDataApi.classTree });
  const shown = useMemo(
    () => toRows(keyword ? filterTree(tree.data ?? [], keyword) : (tree.data ?? [])),
    [tree.data, keyword],
  );
  const invalidate = () => queryClient.invalidateQueries({ queryKey: basicDataKeys.resource('material-classes') });
  const remove = useMutation({
    mutationFn: (id: string) => basicDataApi.removeClass(id),
    onSuccess: () => {
      message.success(t('basicData.common.deleted'));
      void invalidate();
    },
  });

  const allColumns: TableColumnsType<ClassRow> = [
    { key: 'code', title: f('code'), dataIndex: 'code', width: 220 },
    { key: 'name', title: f('name'), dataIndex: 'name', width: 260 },
    { key: 'erpClassCode', title: f('erpClassCode'), dataIndex: 'erpClassCode', width: 140 },
    { key: 'sortOrder', title: f('sortOrder'), dataIndex: 'sortOrder', width: 90, align: 'right' },
    { key: 'remarks', title: f('remarks'), dataIndex: 'remarks', ellipsis: true },
    { key: 'updatedAt', title: f('updatedAt'), dataIndex: 'updatedAt', width: 170, render: formatDateTime },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 200,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <OperationButton
            type="link"
            size="small"
            permission={PERMISSION}
            onClick={() => setEditing({ node: null, parentId: row.id })}
          >
            {t('basicData.classes.addChild')}
          </OperationButton>
          <OperationButton
            type="link"
            size="small"
            permission={PERMISSION}
            onClick={() => setEditing({ node: row.node, parentId: row.parentId })}
          >
            {t('common.edit')}
          </OperationButton>
          <Popconfirm
            title={t('basicData.common.deleteConfirm', { name: `${row.code} ${row.name}` })}
            description={t('basicData.common.cannotUndo')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => remove.mutateAsync(row.id)}
          >
            <OperationButton
              type="link"
              size="small"
              danger
              permission={PERMISSION}
              row={row}
              disabled={(r) => r.node.children.length > 0}
              disabledReason={t('basicData.classes.hasChildren')}
            >
              {t('common.delete')}
            </OperationButton>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, { mustSee: ['code', 'name', 'erpClassCode', 'sortOrder'] });

  if (tree.isError && !tree.data) {
    return (
      <Card className="page-card">
        <Result
          status="error"
          title={(tree.error as Error).message}
          extra={<Button onClick={() => void tree.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }

  const addButton = (
    <OperationButton
      type="primary"
      icon={<PlusOutlined />}
      permission={PERMISSION}
      onClick={() => setEditing({ node: null, parentId: null })}
    >
      {t('basicData.classes.addRoot')}
    </OperationButton>
  );
  return (
    <Card className="page-card">
      <ListSearch chrome={chrome}>
        <Form
          form={search.form}
          layout="inline"
          style={{ marginBottom: 12 }}
          initialValues={search.initialValues}
          onFinish={search.search}
        >
          <Form.Item name="keyword" label={t('basicData.common.keyword')}>
            <Input allowClear placeholder={t('basicData.common.keywordPlaceholder')} style={{ width: 220 }} />
          </Form.Item>
          <SearchActions onReset={search.clear} />
        </Form>
      </ListSearch>
      <TableToolbar
        left={addButton}
        {...chrome.toolbarProps}
        onRefresh={() => void tree.refetch()}
        refreshing={tree.isFetching}
      />
      <ListTable<ClassRow>
        chrome={chrome}
        // Expansion is keyed by the search so a search opens every branch it matched.
        key={keyword ?? ''}
        rowKey="id"
        loading={tree.isFetching}
        dataSource={shown}
        expandable={{ defaultExpandAllRows: Boolean(keyword) }}
        pagination={false}
        locale={{
          emptyText: tree.isPending ? (
            <Skeleton active />
          ) : (
            <Empty description={keyword ? t('basicData.common.emptyFiltered') : t('basicData.classes.empty')}>
              {!keyword && addButton}
            </Empty>
          ),
        }}
      />
      <ClassDialog
        editing={editing}
        tree={tree.data ?? []}
        onClose={() => setEditing(null)}
        onSaved={() => void invalidate()}
        fieldLabel={f}
      />
    </Card>
  );
}

function ClassDialog({
  editing,
  tree,
  onClose,
  onSaved,
  fieldLabel: f,
}: {
  editing: Editing;
  tree: MaterialClassNode[];
  onClose: () => void;
  onSaved: () => void;
  fieldLabel: (key: Field) => string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<MaterialClassInput>();
  const node = editing?.node ?? null;
  const excluded = node ? subtreeIds(node) : new Set<string>();
  const save = useMutation({
    mutationFn: (v: MaterialClassInput) => {
      const input = { ...v, parentId: v.parentId ?? null };
      return node
        ? basicDataApi.updateClass(node.id, { ...input, version: node.version })
        : basicDataApi.createClass(input);
    },
    onSuccess: () => {
      message.success(t('basicData.common.saved'));
      onSaved();
      onClose();
    },
    meta: { form },
  });
  const cancel = () => {
    if (!form.isFieldsTouched()) return onClose();
    modal.confirm({
      title: t('basicData.common.unsavedExit'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: onClose,
    });
  };
  const initial: MaterialClassInput = node
    ? {
        parentId: node.parentId,
        code: node.code,
        name: node.name,
        erpClassCode: node.erpClassCode,
        sortOrder: node.sortOrder,
        remarks: node.remarks,
      }
    : { parentId: editing?.parentId ?? null, code: '', name: '', sortOrder: 0 };
  return (
    <Modal
      title={node ? t('basicData.classes.edit') : t('basicData.classes.add')}
      open={editing !== null}
      width={500}
      mask={{ closable: false }}
      onCancel={cancel}
      onOk={() => form.submit()}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="parentId" label={f('parent')} extra={t('basicData.classes.parentHint')}>
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder={t('basicData.classes.root')}
            treeData={parentOptions(tree, excluded)}
          />
        </Form.Item>
        <Form.Item name="code" label={f('code')} rules={[requiredRule(locale)]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="name" label={f('name')} rules={[requiredRule(locale)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="erpClassCode" label={f('erpClassCode')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="sortOrder" label={f('sortOrder')}>
          <InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="remarks" label={f('remarks')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
