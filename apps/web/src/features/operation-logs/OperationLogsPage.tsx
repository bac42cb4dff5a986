import { DownloadOutlined } from '@ant-design/icons';
import { OPERATION_TYPE, type OperationType } from '@concord/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { App, Button, Card, DatePicker, Empty, Form, Input, Result, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../api/http.ts';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { DATE_TIME_FORMAT, formatDateTime } from '../../lib/dates.ts';
import { auditEnUS } from './locales/en-US.ts';
import { type OperationLog, type OperationLogFilter, operationLogsApi } from './operation-logs.api.ts';

type OperationName = keyof typeof OPERATION_TYPE;
const NAME_BY_CODE = new Map<number, OperationName>(
  (Object.entries(OPERATION_TYPE) as [OperationName, OperationType][]).map(([name, code]) => [code, name]),
);

type KnownModule = keyof typeof auditEnUS.modules;
const isKnownModule = (m: string): m is KnownModule => Object.hasOwn(auditEnUS.modules, m);

/** /logs (CF_LOG): who did what, when and from where; filtered by user, type, module and time; Excel export. */
export function OperationLogsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const logs = useListFilter({
    username: filterField.text(),
    operationType: filterField.number((code) => NAME_BY_CODE.has(code)),
    module: filterField.value(),
    range: filterField.timeRange('from', 'to'),
  });
  const { page, size, pagination, form, initialValues, search, clear, filtered } = logs;
  const { username, operationType, module, range } = logs.filter;
  const filter: OperationLogFilter = { username, operationType, module, from: range?.from, to: range?.to };
  const list = useListQuery(
    { queryKey: ['operationLogs', filter, page, size], queryFn: () => operationLogsApi.list(filter, page, size) },
    logs,
  );
  const modules = useQuery({ queryKey: ['operationLogs', 'modules'], queryFn: operationLogsApi.modules });
  const exporting = useMutation({
    mutationFn: () => operationLogsApi.export(filter),
    onSuccess: (file) => {
      saveFile(file);
      message.success(t('audit.exported'));
    },
    onError: (err: Error) => message.error(err.message),
  });

  const typeName = (code: number) => {
    const name = NAME_BY_CODE.get(code);
    return name ? t(`audit.types.${name}`) : String(code);
  };
  const moduleName = (module: string) => (isKnownModule(module) ? t(`audit.modules.${module}`) : module);

  const allColumns: TableColumnsType<OperationLog> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    { key: 'createdAt', title: t('audit.columns.time'), dataIndex: 'createdAt', width: 170, render: formatDateTime },
    { key: 'username', title: t('audit.columns.user'), dataIndex: 'username', width: 140 },
    {
      key: 'operationType',
      title: t('audit.columns.type'),
      dataIndex: 'operationType',
      width: 120,
      render: typeName,
    },
    { key: 'module', title: t('audit.columns.module'), dataIndex: 'module', width: 140, render: moduleName },
    { key: 'targetId', title: t('audit.columns.target'), dataIndex: 'targetId', width: 180 },
    { key: 'summary', title: t('audit.columns.summary'), dataIndex: 'summary', ellipsis: { showTitle: true } },
    { key: 'ip', title: t('audit.columns.ip'), dataIndex: 'ip', width: 130 },
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['createdAt', 'username', 'operationType', 'module', 'summary'],
  });

  const exportButton = (
    <OperationButton
      permission="CF_LOG"
      readOnly
      icon={<DownloadOutlined />}
      loading={exporting.isPending}
      title={t('audit.exportHint')}
      onClick={() => exporting.mutate()}
    >
      {t('audit.export')}
    </OperationButton>
  );

  if (list.isError && !list.data) {
    return (
      <Card>
        <Result
          status="error"
          title={t('audit.loadFailed', { reason: (list.error as Error).message })}
          extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }

  return (
    <Card>
      <ListSearch chrome={chrome}>
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          initialValues={initialValues}
          onFinish={search}
        >
          <Form.Item name="username" label={t('audit.filter.user')}>
            <Input allowClear placeholder={t('audit.filter.userPlaceholder')} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="operationType" label={t('audit.filter.type')}>
            <Select
              allowClear
              style={{ width: 160 }}
              options={[...NAME_BY_CODE.entries()].map(([code, name]) => ({
                value: code,
                label: t(`audit.types.${name}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="module" label={t('audit.filter.module')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 180 }}
              loading={modules.isLoading}
              options={(modules.data ?? []).map((m) => ({ value: m, label: moduleName(m) }))}
            />
          </Form.Item>
          <Form.Item name="range" label={t('audit.filter.time')}>
            <DatePicker.RangePicker
              showTime
              allowEmpty={[true, true]}
              format={DATE_TIME_FORMAT}
              placeholder={[t('audit.filter.from'), t('audit.filter.to')]}
            />
          </Form.Item>
          <SearchActions onReset={clear} />
        </Form>
      </ListSearch>
      <TableToolbar
        left={exportButton}
        {...chrome.toolbarProps}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />
      <ListTable<OperationLog>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{
          emptyText: (
            <Empty
              description={
                <>
                  {t('audit.empty')}
                  {filtered && <div>{t('audit.emptyHint')}</div>}
                </>
              }
            />
          ),
        }}
        pagination={pagination(list.data?.totalCount)}
      />
    </Card>
  );
}
