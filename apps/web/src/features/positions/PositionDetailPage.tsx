import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Result, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { usePermission } from '../../components/PermissionGate.tsx';
import { PositionForm, type PositionFormValues } from './PositionForm.tsx';
import { positionKeys, positionsApi } from './positions.api.ts';

const LIST_PATH = '/jurisdiction/postauthority';

/** /jurisdiction/postauthority/detail?id=… (CF_OAU): edits a position; without an id it creates one. */
export function PositionDetailPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const canEdit = usePermission('CF_OAU');
  const [form] = Form.useForm<PositionFormValues>();

  const detail = useQuery({
    queryKey: positionKeys.detail(id ?? ''),
    queryFn: () => positionsApi.get(id!),
    enabled: !!id,
    meta: { silent: true },
  });
  const options = useQuery({ queryKey: positionKeys.options, queryFn: positionsApi.options });
  const employees = useQuery({ queryKey: positionKeys.employees, queryFn: positionsApi.employeeOptions });
  // The department tree belongs to another module and may be empty or refused; the form copes without it.
  const departments = useQuery({
    queryKey: positionKeys.departments,
    queryFn: positionsApi.departments,
    meta: { silent: true },
  });

  const save = useMutation({
    mutationFn: async ({ holderIds, ...values }: PositionFormValues) => {
      const saved = detail.data
        ? await positionsApi.update(detail.data.id, { ...values, version: detail.data.version })
        : await positionsApi.create(values);
      const before = saved.holders.map((h) => h.id).sort();
      const after = [...holderIds].sort();
      const changed = before.length !== after.length || before.some((h, i) => h !== after[i]);
      // The holders go with the version the save above left, so they never overwrite a newer list.
      return changed ? positionsApi.setHolders(saved.id, { employeeIds: holderIds, version: saved.version }) : saved;
    },
    meta: { form },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: positionKeys.all });
      message.success(t('common.saved'));
      navigate(LIST_PATH);
    },
    onError: (error) => {
      // Someone else saved first: load their version (the form, holders included, shows their change).
      if (error instanceof ApiError && error.status === 409 && id) {
        void queryClient.invalidateQueries({ queryKey: positionKeys.detail(id) });
      }
    },
  });

  const leave = () => {
    if (!form.isFieldsTouched()) {
      navigate(LIST_PATH);
      return;
    }
    modal.confirm({ title: t('jurisdiction.unsaved'), onOk: () => navigate(LIST_PATH) });
  };

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={leave}>
      {t('jurisdiction.positions.backToList')}
    </Button>
  );

  if (id && detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Card className="page-card">
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('jurisdiction.positions.notFound') : detail.error.message}
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
  const loading = (id && !detail.data) || !options.data || !employees.data || departments.isPending;
  if (loading) {
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }

  return (
    <>
      <Card
        className="page-card"
        title={
          detail.data
            ? t('jurisdiction.positions.editTitle', { code: detail.data.code })
            : t('jurisdiction.positions.newTitle')
        }
        extra={
          <Space>
            {back}
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!canEdit}
              loading={save.isPending}
              onClick={() => form.submit()}
            >
              {t('common.save')}
            </Button>
          </Space>
        }
      />
      <div style={{ marginTop: 12 }}>
        <PositionForm
          key={detail.data ? `${detail.data.id}:${detail.data.version}` : 'new'}
          form={form}
          position={detail.data}
          positions={options.data}
          employees={employees.data}
          departments={departments.data ?? null}
          onSubmit={(values) => save.mutate(values)}
        />
      </div>
    </>
  );
}
