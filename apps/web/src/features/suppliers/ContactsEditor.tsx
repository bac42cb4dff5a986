import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type SupplierContact, supplierContactSchema, validationMessage } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, App, Button, Empty, Input, Radio, Skeleton, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
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
    onError: (error) => {
      // Someone else saved first: show their list and version, so the next save builds on it.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: supplierKeys.contacts(supplierId) });
      }
    },
  });

  if (contacts.isError) return <Alert type="error" showIcon title={(contacts.error as Error).message} />;
  if (!rows) return <Skeleton active />;

  const change = (key: string, patch: Partial<Draft>) =>
    setRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const setPrimary = (key: string) => setRows(rows.map((r) => ({ ...r, isPrimary: r.key === key })));
  const remove = (key: string) => {
    const next = rows.filter((r) => r.key !== key);
    if (next.length && !next.some((r) => r.isPrimary)) next[0] = { ...next[0], isPrimary: true };
    setRows(next);
  };

  const submit = () => {
    const problems: string[] = [];
    rows.forEach((row, i) => {
      const parsed = supplierContactSchema.safeParse(row);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0]) as Field;
          problems.push(`${i + 1}. ${t(`partners.contacts.${field}`)}: ${validationMessage(issue.message, locale)}`);
        }
      }
    });
    if (rows.length && rows.filter((r) => r.isPrimary).length !== 1)
      problems.push(t('partners.contacts.primaryRequired'));
    setErrors(problems);
    if (!problems.length) save.mutate(rows);
  };

  const columns: TableColumnsType<Draft> = [
    ...FIELDS.map(([field, max, width]) => ({
      key: field,
      title: t(`partners.contacts.${field}`),
      width,
      render: (_v: unknown, row: Draft) =>
        editable ? (
          <Input
            value={row[field]}
            maxLength={max}
            aria-label={t(`partners.contacts.${field}`)}
            onChange={(e) => change(row.key, { [field]: e.target.value })}
          />
        ) : (
          row[field]
        ),
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
