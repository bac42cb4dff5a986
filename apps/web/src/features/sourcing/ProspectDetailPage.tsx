import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import {
  type PotentialSupplierDetail,
  PROSPECT_EDITABLE_STATES,
  PROSPECT_PLAIN_ACTIONS,
  type ProspectAction,
  prospectMachine,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Result, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { useAnyPermission } from '../../components/PermissionGate.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { AuditHistory, ProspectSummary } from './ProspectParts.tsx';
import { editProspectPath, sourcingApi, sourcingKeys, supplierArchivePath } from './sourcing.api.ts';

const LIST_PATH = '/purchase/sourcing';

/** Loads a prospect with the pool's code or the auditor's, and the screens' shared states. */
export function useProspect(queue: boolean, id: string) {
  return useQuery({
    queryKey: sourcingKeys.detail(queue, id),
    queryFn: () => (queue ? sourcingApi.getForAudit(id) : sourcingApi.get(id)),
    enabled: !!id,
    meta: { silent: true },
  });
}

export function ProspectGate({
  id,
  query,
  back,
  children,
}: {
  id: string;
  query: ReturnType<typeof useProspect>;
  back: ReactNode;
  children: (p: PotentialSupplierDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  if (!id || query.isError) {
    const missing = !id || (query.error instanceof ApiError && query.error.status === 404);
    return (
      <Card className="page-card">
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('sourcing.detail.notFound') : query.error?.message}
          extra={
            <Space>
              {back}
              {!missing && <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
            </Space>
          }
        />
      </Card>
    );
  }
  if (!query.data) {
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  return children(query.data);
}

/** /purchase/sourcing/detail?id= (PO_SSO_PSM_03): the prospect, its audits, and the way to invite it. */
export function ProspectDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const query = useProspect(false, id);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(LIST_PATH)}>
      {t('sourcing.detail.back')}
    </Button>
  );
  return (
    <ProspectGate id={id} query={query} back={back}>
      {(p) => <ProspectView prospect={p} back={back} />}
    </ProspectGate>
  );
}

function ProspectView({ prospect, back }: { prospect: PotentialSupplierDetail; back: ReactNode }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasAny = useAnyPermission();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sourcingKeys.all });

  const step = useMutation({
    mutationFn: (action: 'submit' | 'recall') => sourcingApi.act(prospect.id, action),
    onSuccess: async (_r, action) => {
      await refresh();
      message.success(t(`sourcing.done.${action}`));
    },
  });
  const convert = useMutation({
    mutationFn: () => sourcingApi.convert(prospect.id),
    onSuccess: async () => {
      await refresh();
      message.success(t('sourcing.done.convert'));
    },
  });

  // Audit results are given on the auditor's screen; here only the pool's own steps are offered.
  const actions = prospectMachine
    .available('buyer', prospect.auditState, (c) => hasAny([c]))
    .filter((a) => PROSPECT_PLAIN_ACTIONS.includes(a) || a === 'convert');
  const run = (action: ProspectAction) => {
    if (action === 'convert') {
      modal.confirm({
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        title: t('sourcing.confirm.convert', { name: prospect.name }),
        onOk: () => convert.mutate(),
      });
    } else if (action === 'submit' || action === 'recall') {
      step.mutate(action);
    }
  };

  return (
    <>
      <Card
        className="page-card"
        title={
          <Space>
            <span>{prospect.code}</span>
            <StatusTag machine={prospectMachine} status={prospect.auditState} />
          </Space>
        }
        extra={
          <Space wrap>
            {back}
            {PROSPECT_EDITABLE_STATES.includes(prospect.auditState) && (
              <OperationButton
                permission="PO_SSO_PSM_02"
                icon={<EditOutlined />}
                onClick={() => navigate(editProspectPath(prospect.id))}
              >
                {t('common.edit')}
              </OperationButton>
            )}
            {actions.map((action) => (
              <Button
                key={action}
                type={action === 'recall' ? 'default' : 'primary'}
                loading={(step.isPending && step.variables === action) || (action === 'convert' && convert.isPending)}
                onClick={() => run(action)}
              >
                {t(`sourcing.actions.${action}`)}
              </Button>
            ))}
          </Space>
        }
      >
        {prospect.convertedSupplierId && (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('sourcing.detail.converted')}
            action={
              <Space>
                <Link to={supplierArchivePath(prospect.convertedSupplierId)}>{t('sourcing.detail.openSupplier')}</Link>
                <Link to={`/purchase/sourcing/add-qualifications?supId=${prospect.convertedSupplierId}`}>
                  {t('qualifications.actions.request')}
                </Link>
              </Space>
            }
          />
        )}
        <ProspectSummary prospect={prospect} />
      </Card>
      <Card className="page-card" title={t('sourcing.audit.history')}>
        <AuditHistory audits={prospect.audits} />
      </Card>
    </>
  );
}
