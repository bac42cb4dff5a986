import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import {
  compNoSchema,
  type PartnerKind,
  type PartnerRestrictionDetail,
  type PartnerRestrictionEnterprise,
  validationMessage,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Empty, Input, Result, Skeleton, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { usePermission } from '../../components/PermissionGate.tsx';
import { useLocale } from '../accounts/useLocale.ts';
import { positionKeys, positionsApi } from './positions.api.ts';
import { PartnerRestrictionNotes } from './TradingPartnersPage.tsx';

const LIST_PATH = '/jurisdiction/tradpartner';

interface EditorProps {
  title: string;
  value: PartnerRestrictionEnterprise[];
  onChange: (next: PartnerRestrictionEnterprise[]) => void;
  disabled: boolean;
}

/** One side's partners: added by 8-digit enterprise number until the archives of issue 4 exist. */
function PartnerListEditor({ title, value, onChange, disabled }: EditorProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const [compNo, setCompNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lookup = useMutation({ mutationFn: positionsApi.lookupPartner, meta: { silent: true } });

  const add = async () => {
    const parsed = compNoSchema.safeParse(compNo);
    if (!parsed.success) {
      setError(validationMessage(parsed.error.issues[0]?.message ?? 'compNo', locale));
      return;
    }
    if (value.some((e) => e.compNo === parsed.data)) {
      message.warning(t('jurisdiction.partners.alreadyAdded'));
      return;
    }
    try {
      const found = await lookup.mutateAsync(parsed.data);
      onChange([...value, found]);
      setCompNo('');
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Card className="page-card" title={title}>
      <Space.Compact style={{ marginBottom: 8 }}>
        <Input
          value={compNo}
          maxLength={8}
          disabled={disabled}
          status={error ? 'error' : undefined}
          placeholder={t('jurisdiction.partners.lookupPlaceholder')}
          aria-label={`${title}: ${t('jurisdiction.partners.compNo')}`}
          onChange={(e) => {
            setCompNo(e.target.value.trim());
            setError(null);
          }}
          onPressEnter={() => void add()}
          style={{ width: 220 }}
        />
        <Button icon={<PlusOutlined />} disabled={disabled} loading={lookup.isPending} onClick={() => void add()}>
          {t('jurisdiction.partners.add')}
        </Button>
      </Space.Compact>
      {error && <div className="ant-form-item-explain-error">{error}</div>}
      <Table<PartnerRestrictionEnterprise>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={value}
        locale={{ emptyText: <Empty description={t('jurisdiction.partners.noneAssigned')} /> }}
        columns={[
          { key: 'compNo', title: t('jurisdiction.partners.compNo'), dataIndex: 'compNo', width: 140 },
          { key: 'name', title: t('jurisdiction.partners.enterprise'), dataIndex: 'name' },
          {
            key: 'operation',
            title: t('common.operation'),
            width: 160,
            render: (_v, row) => (
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={disabled}
                onClick={() => onChange(value.filter((e) => e.id !== row.id))}
              >
                {t('jurisdiction.partners.remove')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

type Draft = Pick<PartnerRestrictionDetail, PartnerKind>;

/** /jurisdiction/tradpartner/detail?id=<employeeId> (CF_OAU): which partners' documents an employee may see. */
export function TradingPartnerDetailPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const canEdit = usePermission('CF_OAU');
  const [draft, setDraft] = useState<Draft | null>(null);

  const detail = useQuery({
    queryKey: positionKeys.partnerDetail(id),
    queryFn: () => positionsApi.partnerDetail(id),
    enabled: !!id,
    meta: { silent: true },
  });
  const current: Draft | undefined = draft ?? detail.data;

  const save = useMutation({
    mutationFn: (d: Draft) =>
      positionsApi.savePartners(id, {
        supplier: d.supplier.map((e) => e.id),
        client: d.client.map((e) => e.id),
        version: detail.data!.version,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(positionKeys.partnerDetail(id), saved);
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: ['positions', 'partners'] });
      message.success(t('common.saved'));
      navigate(LIST_PATH);
    },
    onError: (error) => {
      // Someone else changed the lists first: show theirs, so the edit is redone on top of it.
      if (error instanceof ApiError && error.status === 409) {
        setDraft(null);
        void queryClient.invalidateQueries({ queryKey: positionKeys.partnerDetail(id) });
      }
    },
  });

  const leave = () => {
    if (!draft) {
      navigate(LIST_PATH);
      return;
    }
    modal.confirm({ title: t('jurisdiction.unsaved'), onOk: () => navigate(LIST_PATH) });
  };
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={leave}>
      {t('jurisdiction.partners.backToList')}
    </Button>
  );

  if (!id || detail.isError) {
    const missing = !id || (detail.error instanceof ApiError && detail.error.status === 404);
    return (
      <Card className="page-card">
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('jurisdiction.partners.notFound') : detail.error?.message}
          extra={
            <Space>
              {back}
              {!missing && <Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
            </Space>
          }
        />
      </Card>
    );
  }
  if (!detail.data || !current) {
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  const { employee } = detail.data;
  const edit = (kind: PartnerKind) => (next: PartnerRestrictionEnterprise[]) => setDraft({ ...current, [kind]: next });

  return (
    <>
      <Card
        className="page-card"
        title={employee.name || employee.platformNo}
        extra={
          <Space>
            {back}
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!canEdit || !draft}
              loading={save.isPending}
              onClick={() => save.mutate(current)}
            >
              {t('common.save')}
            </Button>
          </Space>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'platformNo', label: t('jurisdiction.partners.platformNo'), children: employee.platformNo || '—' },
            { key: 'dept', label: t('jurisdiction.partners.department'), children: employee.deptName ?? '—' },
          ]}
          style={{ marginBottom: 12 }}
        />
        <PartnerRestrictionNotes />
      </Card>
      <PartnerListEditor
        title={t('jurisdiction.partners.suppliers')}
        value={current.supplier}
        onChange={edit('supplier')}
        disabled={!canEdit}
      />
      <PartnerListEditor
        title={t('jurisdiction.partners.clients')}
        value={current.client}
        onChange={edit('client')}
        disabled={!canEdit}
      />
    </>
  );
}
