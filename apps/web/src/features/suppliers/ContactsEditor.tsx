import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type SupplierContact, supplierContactSchema, validationMessage } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, App, Button, Empty, Input, Radio, Skeleton, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { fieldErrorsOf } from '../../lib/fieldErrors.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { supplierKeys, suppliersApi } from './suppliers.api.ts';

type Field = 'name' | 'position' | 'mobile' | 'email' | 'weChatNumber' | 'connectFax';
type Draft = Omit<SupplierContact, 'id'> & { key: string };

const FIELDS: [Field, number, number][] = [
  ['name', 64, 150],
  ['position', 64, 140],
  ['mobile', 11, 140],
  ['email', 254, 200],
  ['weChatNumber', 64, 130],
  ['connectFax', 32, 130],
];

/** A cell's problem, by row key and field. */
const cellKey = (rowKey: string, field: string) => `${rowKey}:${field}`;

let draftSeq = 0;
const blank = (isPrimary: boolean): Draft => ({
  key: `new-${++draftSeq}`,
  name: '',
  position: '',
  mobile: '',
  email: '',
  weChatNumber: '',
  connectFax: '',
  isPrimary,
});

/**
 * A supplier's contacts (spec §3: position, WeChat, fax, primary contact), edited as one list and
 * saved whole with the version it was read at; exactly one is primary. Both sides of the relation keep
 * the list, so a save after someone else's is refused (409) and the list reloads with their change.
 */
export function ContactsEditor({ supplierId, editable }: { supplierId: string; editable: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Draft[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [cellErrors, setCellErrors] = useState<Record<string, string>>({});
  const contacts = useQuery({
    queryKey: supplierKeys.contacts(supplierId),
    queryFn: () => suppliersApi.contacts(supplierId),
  });

  useEffect(() => {
    if (contacts.data) setRows(contacts.data.contacts.map(({ id, ...c }) => ({ ...c, key: id })));
  }, [contacts.data]);

  const save = useMutation({
    mutationFn: (list: Draft[]) =>
      suppliersApi.saveContacts(supplierId, {
        version: contacts.data!.version,
        contacts: list.map(({ key: _key, ...c }) => c),
      }),
    onSuccess: (saved) => {
      message.success(t('partners.contacts.saved'));
      queryClient.setQueryData(supplierKeys.contacts(supplierId), saved);
      void queryClient.invalidateQueries({ queryKey: supplierKeys.all });
    },
    onError: (error, list) => {
      // Someone else saved first: show their list and version, so the next save builds on it.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: supplierKeys.contacts(supplierId) });
      }
      // The server's word on a contact's field goes in that contact's cell (`contacts.1.mobile`).
      const found: Record<string, string> = {};
      for (const e of fieldErrorsOf(error)) {
        const [head, index, field] = e.name;
        const row = typeof index === 'number' ? list[index] : undefined;
        if (head === 'contacts' && row && typeof field === 'string') found[cellKey(row.key, field)] = e.message;
      }
      setCellErrors(found);
    },
  });

  if (contacts.isError) return <Alert type="error" showIcon title={(contacts.error as Error).message} />;
  if (!rows) return <Skeleton active />;

  const change = (key: string, patch: Partial<Draft>) => {
    setRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setCellErrors(
      Object.fromEntries(
        Object.entries(cellErrors).filter(([k]) => !Object.keys(patch).some((f) => k === cellKey(key, f))),
      ),
    );
  };
  const setPrimary = (key: string) => setRows(rows.map((r) => ({ ...r, isPrimary: r.key === key })));
  const remove = (key: string) => {
    const next = rows.filter((r) => r.key !== key);
    if (next.length && !next.some((r) => r.isPrimary)) next[0] = { ...next[0], isPrimary: true };
    setRows(next);
  };

  const submit = () => {
    const cells: Record<string, string> = {};
    for (const row of rows) {
      const parsed = supplierContactSchema.safeParse(row);
      if (parsed.success) continue;
      for (const issue of parsed.error.issues) {
        cells[cellKey(row.key, String(issue.path[0]))] ??= validationMessage(issue.message, locale);
      }
    }
    const problems =
      rows.length && rows.filter((r) => r.isPrimary).length !== 1 ? [t('partners.contacts.primaryRequired')] : [];
    setCellErrors(cells);
    setErrors(problems);
    if (!problems.length && !Object.keys(cells).length) save.mutate(rows);
  };

  const columns: TableColumnsType<Draft> = [
    ...FIELDS.map(([field, max, width]) => ({
      key: field,
      title: t(`partners.contacts.${field}`),
      width,
      render: (_v: unknown, row: Draft) => {
        if (!editable) return row[field];
        const problem = cellErrors[cellKey(row.key, field)];
        return (
          <>
            <Input
              value={row[field]}
              maxLength={max}
              status={problem ? 'error' : undefined}
              aria-label={t(`partners.contacts.${field}`)}
              onChange={(e) => change(row.key, { [field]: e.target.value })}
            />
            {problem && (
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {problem}
              </Typography.Text>
            )}
          </>
        );
      },
    })),
    {
      key: 'isPrimary',
      title: t('partners.contacts.isPrimary'),
      width: 100,
      align: 'center',
      render: (_v, row) => (
        <Radio
          checked={row.isPrimary}
          disabled={!editable}
          aria-label={t('partners.contacts.isPrimary')}
          onChange={() => setPrimary(row.key)}
        />
      ),
    },
    ...(editable
      ? [
          {
            key: 'operation',
            title: t('common.operation'),
            width: 100,
            render: (_v: unknown, row: Draft) => (
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row.key)}>
                {t('partners.contacts.remove')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      {errors.length > 0 && (
        <Alert type="error" showIcon style={{ marginBottom: 8 }} title={errors.map((e) => <div key={e}>{e}</div>)} />
      )}
      <Table<Draft>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description={t('partners.contacts.empty')} /> }}
      />
      {editable && (
        <Space style={{ marginTop: 12 }}>
          <Button icon={<PlusOutlined />} onClick={() => setRows([...rows, blank(rows.length === 0)])}>
            {t('partners.contacts.add')}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            {t('common.save')}
          </Button>
        </Space>
      )}
    </>
  );
}
