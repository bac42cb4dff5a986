import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormInstance, TableColumnsType } from 'antd';
import { App, Button, Card, Empty, Form, Input, Modal, Popconfirm, Result, Skeleton, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { basicDataApi, basicDataKeys, type ExcelResource, type FlatResource } from './basic-data.api.ts';
import { ExcelButtons } from './ExcelButtons.tsx';

export const PERMISSION = 'CF_BAS';

type Row = { id: string; version: number };
type Params = Record<string, string | undefined>;

export interface SearchConfig {
  /** The Form.Items of the search form; their names are the URL query keys below. */
  items: ReactNode;
  keys: string[];
  toFilter: (params: Params) => object;
}

export interface FormConfig<T, V> {
  render: (form: FormInstance<V>, editing: T | null) => ReactNode;
  /** The form values of a row being edited. */
  fromRow: (row: T) => V;
  /** The request body (without version) from the form values. */
  toInput: (values: V) => object;
  initial: Partial<V>;
  width?: number | string;
}

interface Props<T extends Row, V> {
  resource: FlatResource;
  /** A filter the page fixes (e.g. the dictionary type of a tab), merged with the search form's. */
  baseFilter?: object;
  search?: SearchConfig;
  columns: TableColumnsType<T>;
  form: FormConfig<T, V>;
  texts: { add: string; edit: string; empty: string; deleteConfirm: (row: T) => string };
  excel?: { resource: ExcelResource; exportQuery: (params: Params) => Record<string, string | undefined> };
  /** The columns that must always be visible (useListChrome); by default the first two, the row's code and name. */
  mustSee?: string[];
  /** Inside a page that already draws the card (a tab of a tabbed page). */
  bare?: boolean;
}

/**
 * One list screen of basic data (UI.md list page): search form, toolbar, table with selection,
 * index and operation columns, URL-kept filters and paging, and an add/edit dialog.
 */
export function BasicDataList<T extends Row, V extends object>({
  resource,
  baseFilter,
  search,
  columns: dataColumns,
  form: formConfig,
  texts,
  excel,
  mustSee,
  bare = false,
}: Props<T, V>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<T | 'new' | null>(null);

  const searchConfig: SearchConfig = search ?? {
    keys: ['keyword'],
    items: (
      <Form.Item name="keyword" label={t('basicData.common.keyword')}>
        <Input allowClear placeholder={t('basicData.common.keywordPlaceholder')} style={{ width: 220 }} />
      </Form.Item>
    ),
    toFilter: (p) => ({ keyword: p.keyword }),
  };
  const {
    page,
    size,
    update,
    pagination,
    filter: params,
    filtered,
    form: searchForm,
    initialValues,
    search: searchBy,
    clear,
  } = useListFilter(Object.fromEntries(searchConfig.keys.map((k) => [k, filterField.text()])), {
    keep: ['size', 'tab'],
  });
  const filter = { ...baseFilter, ...searchConfig.toFilter(params) };

  const list = useListQuery(
    {
      queryKey: basicDataKeys.list(resource, filter, page, size),
      queryFn: () => basicDataApi.list<T>(resource, filter, page, size),
    },
    { page, size, update },
  );
  const invalidate = () => queryClient.invalidateQueries({ queryKey: basicDataKeys.resource(resource) });
  const remove = useMutation({
    mutationFn: (id: string) => basicDataApi.remove(resource, id),
    onSuccess: () => {
      message.success(t('basicData.common.deleted'));
      void invalidate();
    },
  });
  const batchRemove = useMutation({
    mutationFn: (ids: string[]) => basicDataApi.batchRemove(resource, ids),
    onSuccess: () => {
      message.success(t('basicData.common.deleted'));
      setSelected([]);
      void invalidate();
    },
  });

  const allColumns: TableColumnsType<T> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    ...dataColumns,
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <OperationButton type="link" size="small" permission={PERMISSION} onClick={() => setEditing(row)}>
            {t('common.edit')}
          </OperationButton>
          <Popconfirm
            title={texts.deleteConfirm(row)}
            description={t('basicData.common.cannotUndo')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => remove.mutateAsync(row.id)}
          >
            <OperationButton type="link" size="small" danger permission={PERMISSION}>
              {t('common.delete')}
            </OperationButton>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: mustSee ?? dataColumns.slice(0, 2).map((c) => String(c.key)),
    selectable: true,
  });

  if (list.isError && !list.data) {
    const failed = (
      <Result
        status="error"
        title={(list.error as Error).message}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
    return bare ? failed : <Card className="page-card">{failed}</Card>;
  }

  const addButton = (
    <OperationButton type="primary" icon={<PlusOutlined />} permission={PERMISSION} onClick={() => setEditing('new')}>
      {texts.add}
    </OperationButton>
  );
  const confirmBatchDelete = () => {
    if (selected.length === 0) {
      message.warning(t('basicData.common.selectAtLeastOne'));
      return;
    }
    Modal.confirm({
      title: t('basicData.common.batchDeleteConfirm', { count: selected.length }),
      content: t('basicData.common.cannotUndo'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => batchRemove.mutateAsync(selected),
    });
  };
  const toolbarLeft = (
    <Space wrap>
      {addButton}
      <OperationButton icon={<DeleteOutlined />} danger permission={PERMISSION} onClick={confirmBatchDelete}>
        {t('basicData.common.batchDelete')}
      </OperationButton>
      {excel && (
        <ExcelButtons
          resource={excel.resource}
          exportQuery={() => excel.exportQuery(params)}
          onImported={() => void invalidate()}
        />
      )}
    </Space>
  );

  const content = (
    <>
      <ListSearch chrome={chrome}>
        <Form
          form={searchForm}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          initialValues={initialValues}
          onFinish={searchBy}
        >
          {searchConfig.items}
          <SearchActions onReset={clear} />
        </Form>
      </ListSearch>
      <TableToolbar
        left={toolbarLeft}
        {...chrome.toolbarProps}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />
      <ListTable<T>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        rowSelection={{
          columnWidth: 60,
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
        }}
        locale={{
          // UI.md: a skeleton on the first load, the empty state only once the answer is known.
          emptyText: list.isPending ? (
            <Skeleton active />
          ) : (
            <Empty description={filtered ? t('basicData.common.emptyFiltered') : texts.empty}>
              {!filtered && addButton}
            </Empty>
          ),
        }}
        pagination={pagination(list.data?.totalCount)}
      />
      <EditDialog<T, V>
        resource={resource}
        editing={editing}
        config={formConfig}
        title={editing === 'new' ? texts.add : texts.edit}
        onClose={() => setEditing(null)}
        onSaved={() => void invalidate()}
      />
    </>
  );
  return bare ? content : <Card className="page-card">{content}</Card>;
}

function EditDialog<T extends Row, V extends object>({
  resource,
  editing,
  config,
  title,
  onClose,
  onSaved,
}: {
  resource: FlatResource;
  editing: T | 'new' | null;
  config: FormConfig<T, V>;
  title: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<V>();
  const row = editing && editing !== 'new' ? editing : null;
  const save = useMutation({
    mutationFn: (values: V) => {
      const input = config.toInput(values);
      return row
        ? basicDataApi.update(resource, row.id, { ...input, version: row.version })
        : basicDataApi.create(resource, input);
    },
    onSuccess: () => {
      message.success(t('basicData.common.saved'));
      onSaved();
      onClose();
    },
    meta: { form },
  });
  // UI.md: leaving a dialog with unsaved changes asks first.
  const cancel = () => {
    if (!form.isFieldsTouched()) return onClose();
    modal.confirm({
      title: t('basicData.common.unsavedExit'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: onClose,
    });
  };
  return (
    <Modal
      title={title}
      open={editing !== null}
      width={config.width ?? 500}
      mask={{ closable: false }}
      onCancel={cancel}
      onOk={() => form.submit()}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={row ? config.fromRow(row) : config.initial}
        onFinish={(v) => save.mutate(v)}
      >
        {config.render(form, row)}
      </Form>
    </Modal>
  );
}
