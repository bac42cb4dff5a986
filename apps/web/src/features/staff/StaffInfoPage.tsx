import { ArrowLeftOutlined } from '@ant-design/icons';
import { type EmployeeDetail, employeeUpdateSchema } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Result, Select, Skeleton, Space, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { usePermission } from '../../components/PermissionGate.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { memberStatuses } from '../../components/statusStyles.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { zodRule } from '../../lib/formRules.ts';
import { useLeaveGuard } from '../../lib/useLeaveGuard.ts';
import { useSession } from '../../stores/session.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { useDepartmentTree } from '../departments/departments.api.ts';
import { departmentOptions } from '../departments/departmentTree.ts';
import { PartnerPermissionsField, type PartnerValue } from './PartnerPermissionsField.tsx';
import { staffApi, staffKeys } from './staff.api.ts';
import { useEmployeeActions } from './useEmployeeActions.ts';

const LIST_PATH = '/staff';

interface Values {
  erpCode: string;
  erpName: string;
  deptId: string | null;
  remarks: string;
  positionIds: string[];
  partners: PartnerValue[];
}

const toValues = (e: EmployeeDetail): Values => ({
  erpCode: e.erpCode,
  erpName: e.erpName,
  deptId: e.deptId,
  remarks: e.remarks,
  positionIds: e.positions.map((p) => p.id),
  partners: e.partners.map(({ compNo, supplier, client }) => ({ compNo, supplier, client })),
});

const fields = employeeUpdateSchema.shape;

function EmployeeForm({ employee }: { employee: EmployeeDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = usePermission('CF_EMP_MGT_01');
  const me = useSession((s) => s.userInfo);
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const tree = useDepartmentTree();
  // Positions are another screen's data; without its permission the picker shows what is held.
  const positions = useQuery({
    queryKey: staffKeys.positions,
    queryFn: staffApi.positionOptions,
    meta: { silent: true },
    retry: false,
  });

  const ownRecord = employee.userId !== null && employee.userId === me?.sysUser.userId;
  const ownPositionsLocked = ownRecord && me?.isAdmin !== true;
  const positionOptions = [
    ...(positions.data?.dataList ?? []),
    ...employee.positions.filter((held) => !positions.data?.dataList.some((p) => p.id === held.id)),
  ].map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }));
  const positionsHelp = positions.isError
    ? t('organization.staff.positionsUnavailable', { reason: (positions.error as Error).message })
    : ownPositionsLocked
      ? t('organization.staff.ownPositions')
      : positions.isSuccess && positions.data.totalCount === 0
        ? t('organization.staff.noPositions')
        : undefined;

  const save = useMutation({
    mutationFn: (v: Values) => staffApi.update(employee.id, { ...v, version: employee.version }),
    meta: { form },
    onSuccess: (updated) => {
      queryClient.setQueryData(staffKeys.detail(employee.id), updated);
      void queryClient.invalidateQueries({ queryKey: ['employees', 'list'] });
      setDirty(false);
      message.success(t('common.saved'));
    },
    onError: (error) => {
      // Someone else saved first: load their version so the next save can succeed.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: staffKeys.detail(employee.id) });
      }
    },
  });

  useLeaveGuard(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!canEdit}
      initialValues={toValues(employee)}
      onValuesChange={() => setDirty(true)}
      onFinish={(v) => save.mutate({ ...v, partners: v.partners ?? [], positionIds: v.positionIds ?? [] })}
    >
      <Card title={t('organization.staff.settings')} className="page-card">
        <Space wrap size={16} align="start">
          <Form.Item name="erpCode" label={t('organization.staff.erpCode')} rules={[zodRule(fields.erpCode, locale)]}>
            <Input maxLength={32} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="erpName" label={t('organization.staff.erpName')} rules={[zodRule(fields.erpName, locale)]}>
            <Input maxLength={64} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="deptId" label={t('organization.staff.dept')}>
            <TreeSelect
              allowClear
              showSearch
              treeNodeFilterProp="title"
              treeDefaultExpandAll
              style={{ width: 260 }}
              loading={tree.isLoading}
              treeData={departmentOptions(tree.data ?? [])}
            />
          </Form.Item>
        </Space>
        <Form.Item name="positionIds" label={t('organization.staff.positions')} help={positionsHelp}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={positions.isLoading}
            disabled={!canEdit || positions.isError || ownPositionsLocked}
            options={positionOptions}
            style={{ maxWidth: 720 }}
          />
        </Form.Item>
        <Form.Item name="remarks" label={t('organization.staff.remarks')} style={{ maxWidth: 720 }}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Card>
      <Card title={t('organization.staff.partners')} className="page-card" style={{ marginTop: 12 }}>
        <PartnerPermissionsField known={employee.partners} disabled={!canEdit} />
      </Card>
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!canEdit}>
          {t('common.save')}
        </Button>
        <Button
          onClick={() => {
            form.setFieldsValue(toValues(employee));
            setDirty(false);
          }}
        >
          {t('list.reset')}
        </Button>
      </Space>
    </Form>
  );
}

/** /staff/staffInfo?id=… (CF_EMP_MGT_01): one employee's identity, department, positions and partners. */
export function StaffInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const actions = useEmployeeActions();
  const detail = useQuery({
    queryKey: staffKeys.detail(id),
    queryFn: () => staffApi.get(id),
    enabled: /^\d+$/.test(id),
    meta: { silent: true },
  });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(LIST_PATH)}>
      {t('organization.staff.backToList')}
    </Button>
  );

  if (!/^\d+$/.test(id) || (detail.error instanceof ApiError && detail.error.status === 404)) {
    return <Result status="404" title={t('organization.staff.notFound')} extra={back} />;
  }
  if (detail.isError) {
    return (
      <Result
        status="error"
        title={t('organization.loadFailed', { reason: (detail.error as Error).message })}
        extra={
          <Space>
            {back}
            <Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>
          </Space>
        }
      />
    );
  }
  if (!detail.data) return <Skeleton active />;
  const e = detail.data;

  return (
    <>
      <Card
        className="page-card"
        title={
          <Space>
            {e.name || e.email || e.mobile}
            <StatusTag machine={memberStatuses} status={e.status} />
            {e.isAdmin && <Tag color="gold">{t('organization.staff.admin')}</Tag>}
          </Space>
        }
        extra={
          <Space wrap>
            {actions.actionsFor(e).map((action) => (
              <Button
                key={action}
                danger={action !== 'resend'}
                disabled={!actions.allowed}
                loading={actions.pending}
                onClick={() => actions.run(e, action)}
              >
                {t(`organization.staff.actions.${action}`)}
              </Button>
            ))}
            {back}
          </Space>
        }
      >
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'platformNo', label: t('organization.staff.platformNo'), children: e.platformNo || '—' },
            {
              key: 'mobile',
              label: t('organization.staff.mobile'),
              children: e.mobile ? `${e.mobileArea} ${e.mobile}` : '—',
            },
            { key: 'email', label: t('organization.staff.email'), children: e.email || '—' },
            { key: 'dept', label: t('organization.staff.dept'), children: e.deptName ?? '—' },
            {
              key: 'expires',
              label: t('organization.staff.expiresAt'),
              children: formatDateTime(e.invitationExpiresAt) || '—',
            },
            { key: 'createdAt', label: t('organization.staff.createdAt'), children: formatDateTime(e.createdAt) },
          ]}
        />
      </Card>
      <div style={{ marginTop: 12 }}>
        <EmployeeForm key={`${e.id}:${e.version}`} employee={e} />
      </div>
    </>
  );
}
