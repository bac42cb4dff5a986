import { UserAddOutlined } from '@ant-design/icons';
import {
  type CustomerItem,
  compNoSchema,
  type IncomingSupplierInvitation,
  inviteCodeSchema,
  RELATION_STATE_NAMES,
  supplierMachine,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, App, Button, Card, Empty, Flex, Form, Input, Modal, Result, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { relationStates } from '../../components/statusStyles.ts';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { zodRule } from '../../lib/formRules.ts';
import { useSession } from '../../stores/session.ts';
import { accountsApi } from '../accounts/accounts.api.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { enterpriseKeys, enterprisesApi } from '../enterprises/enterprises.api.ts';
import { contactOf, RegistrationForm, type RegistrationValues, registrationDraft } from './RegistrationForm.tsx';
import { customerDetailPath, supplierKeys, suppliersApi } from './suppliers.api.ts';

const COMP_NO_LENGTH = 8;

/** The enterprise's own information, the first draft of every registration form. */
function useOwnEnterprise(enabled: boolean) {
  return useQuery({ queryKey: enterpriseKeys.info, queryFn: enterprisesApi.get, enabled });
}

/** Submit registration data for an invitation addressed to this enterprise. */
function AcceptDialog({ invitation, onClose }: { invitation: IncomingSupplierInvitation | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RegistrationValues>();
  const enterprise = useOwnEnterprise(!!invitation);
  const accept = useMutation({
    mutationFn: (v: RegistrationValues) =>
      suppliersApi.accept({ supplierId: invitation!.supplierId, registration: v.registration, contact: contactOf(v) }),
    meta: { form },
    onSuccess: () => {
      message.success(t('partners.incoming.accepted', { name: invitation!.buyerName }));
      void queryClient.invalidateQueries({ queryKey: supplierKeys.incoming });
      void queryClient.invalidateQueries({ queryKey: supplierKeys.customers });
      onClose();
    },
  });
  const ready = !!invitation && !enterprise.isLoading;
  return (
    <Modal
      title={t('partners.incoming.acceptTitle', { name: invitation?.buyerName ?? '' })}
      open={!!invitation}
      width="50%"
      mask={{ closable: false }}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={accept.isPending}
      destroyOnHidden
    >
      {ready && (
        <RegistrationForm
          form={form}
          initial={registrationDraft(enterprise.data, invitation.registration)}
          onFinish={(v) => accept.mutate(v)}
        />
      )}
    </Modal>
  );
}

interface InviteValues extends RegistrationValues {
  compNo: string;
  inviteCode: string;
}

/** Ask a customer to list this enterprise as a supplier: its number, its invite code and the registration data. */
function InviteCustomerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<InviteValues>();
  const [found, setFound] = useState<string | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const enterprise = useOwnEnterprise(open);
  const invite = useMutation({
    mutationFn: (v: InviteValues) =>
      suppliersApi.inviteCustomer({
        compNo: v.compNo.trim(),
        inviteCode: v.inviteCode.trim(),
        registration: v.registration,
      }),
    meta: { form },
    onSuccess: (customer) => {
      message.success(t('partners.customers.invited', { name: customer.customerName }));
      void queryClient.invalidateQueries({ queryKey: supplierKeys.customers });
      form.resetFields();
      setFound(null);
      onClose();
    },
  });
  const lookup = async (value: string) => {
    setFound(null);
    setLookupError(null);
    if (!compNoSchema.safeParse(value).success) return;
    try {
      setFound((await accountsApi.companyForInvite(value)).name);
    } catch (error) {
      setLookupError((error as Error).message);
    }
  };
  return (
    <Modal
      title={t('partners.customers.inviteTitle')}
      open={open}
      width="50%"
      mask={{ closable: false }}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={invite.isPending}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('partners.customers.inviteHint')} />
      {!enterprise.isLoading && (
        <RegistrationForm
          form={form}
          withContact={false}
          initial={registrationDraft(enterprise.data)}
          onFinish={(v) => invite.mutate(v)}
          header={
            <>
              <Flex gap={16} wrap>
                <Form.Item
                  name="compNo"
                  label={t('partners.invite.compNo')}
                  required
                  rules={[zodRule(compNoSchema, locale)]}
                  style={{ flex: 1, minWidth: 200 }}
                >
                  <Input
                    maxLength={COMP_NO_LENGTH}
                    inputMode="numeric"
                    placeholder={t('partners.invite.compNoPlaceholder')}
                    onChange={(e) => {
                      const value = e.target.value.trim();
                      if (value.length === COMP_NO_LENGTH) void lookup(value);
                      else setFound(null);
                    }}
                  />
                </Form.Item>
                <Form.Item
                  name="inviteCode"
                  label={t('partners.customers.inviteCode')}
                  required
                  validateTrigger="onBlur"
                  rules={[zodRule(inviteCodeSchema, locale)]}
                  style={{ flex: 1, minWidth: 200 }}
                >
                  <Input maxLength={6} inputMode="numeric" />
                </Form.Item>
              </Flex>
              {found && (
                <Alert
                  type="success"
                  showIcon
                  style={{ marginBottom: 12 }}
                  title={t('partners.invite.found', { name: found })}
                />
              )}
              {lookupError && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={lookupError} />}
            </>
          }
        />
      )}
    </Modal>
  );
}

/** Invitations addressed to this enterprise, waiting for its registration data. */
function IncomingInvitations() {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.userInfo?.isAdmin ?? false);
  const [accepting, setAccepting] = useState<IncomingSupplierInvitation | null>(null);
  const incoming = useQuery({ queryKey: supplierKeys.incoming, queryFn: suppliersApi.incoming });
  if (!incoming.data?.length) return null;
  return (
    <Card title={t('partners.incoming.title')} className="page-card" style={{ marginBottom: 12 }}>
      {incoming.data.map((inv) => (
        <Flex key={inv.supplierId} justify="space-between" align="center" gap={12} wrap style={{ padding: '8px 0' }}>
          <div>
            <Typography.Text strong>
              {t('partners.incoming.from', { name: inv.buyerName, compNo: inv.buyerCompNo })}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {t('partners.incoming.invitedAt', { time: formatDateTime(inv.invitationDate) })}
            </Typography.Text>
            {inv.auditDescription && (
              <div>
                <Typography.Text type="danger">
                  {t('partners.incoming.returned', { reason: inv.auditDescription })}
                </Typography.Text>
              </div>
            )}
          </div>
          <OperationButton
            type="primary"
            disabled={!isAdmin}
            disabledReason={t('partners.incoming.adminOnly')}
            onClick={() => setAccepting(inv)}
          >
            {t('partners.incoming.accept')}
          </OperationButton>
        </Flex>
      ))}
      <AcceptDialog invitation={accepting} onClose={() => setAccepting(null)} />
    </Card>
  );
}

/** /sale/profile (SL_CUS): the supplier's customer archive, incoming invitations, and inviting a customer. */
export function CustomerArchivePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page, size, update, pagination, form, filter, filtered, search, clear } = useListFilter({
    keyword: filterField.text(),
    relationState: filterField.code(RELATION_STATE_NAMES),
  });
  const [inviting, setInviting] = useState(false);

  const list = useListQuery(
    {
      queryKey: supplierKeys.customerList(filter, page, size),
      queryFn: () => suppliersApi.customers(filter, page, size),
    },
    { page, size, update },
  );

  const allColumns: TableColumnsType<CustomerItem> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'poCode',
      title: t('partners.customers.poCode'),
      dataIndex: 'poCode',
      width: 120,
      render: (code: string, row) => <Link to={customerDetailPath(row.id)}>{code || '—'}</Link>,
    },
    { key: 'poName', title: t('partners.customers.poName'), dataIndex: 'poName', ellipsis: { showTitle: true } },
    { key: 'poShort', title: t('partners.customers.poShort'), dataIndex: 'poShort', width: 160, ellipsis: true },
    { key: 'customerCompNo', title: t('partners.customers.customerCompNo'), dataIndex: 'customerCompNo', width: 110 },
    {
      key: 'inviteState',
      title: t('partners.fields.inviteState'),
      dataIndex: 'inviteState',
      width: 110,
      render: (s: number) => <StatusTag machine={supplierMachine} status={s} />,
    },
    {
      key: 'relationState',
      title: t('partners.fields.relationState'),
      dataIndex: 'relationState',
      width: 100,
      render: (s: number) => <StatusTag machine={relationStates} status={s} />,
    },
    { key: 'joinDate', title: t('partners.fields.joinDate'), dataIndex: 'joinDate', width: 110, render: formatDate },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, row) => (
        <OperationButton type="link" size="small" readOnly onClick={() => navigate(customerDetailPath(row.id))}>
          {t('partners.actions.detail')}
        </OperationButton>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['poCode', 'poName', 'inviteState', 'relationState', 'joinDate'],
  });

  if (list.isError && !list.data) {
    return (
      <Card className="page-card">
        <Result
          status="error"
          title={(list.error as Error).message}
          extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }

  return (
    <>
      <IncomingInvitations />
      <Card className="page-card">
        <ListSearch chrome={chrome}>
          <Form
            form={form}
            layout="inline"
            style={{ marginBottom: 12, rowGap: 8 }}
            initialValues={filter}
            onFinish={search}
          >
            <Form.Item name="keyword" label={t('partners.customers.keyword')}>
              <Input allowClear style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="relationState" label={t('partners.fields.relationState')}>
              <Select
                allowClear
                style={{ width: 120 }}
                options={RELATION_STATE_NAMES.map((name, value) => ({
                  value,
                  label: t(`partners.relationStates.${name}`),
                }))}
              />
            </Form.Item>
            <SearchActions onReset={clear} />
          </Form>
        </ListSearch>
        <TableToolbar
          left={
            <OperationButton
              type="primary"
              permission="SL_CUS"
              icon={<UserAddOutlined />}
              onClick={() => setInviting(true)}
            >
              {t('partners.customers.invite')}
            </OperationButton>
          }
          {...chrome.toolbarProps}
          onRefresh={() => void list.refetch()}
          refreshing={list.isFetching}
        />
        <ListTable<CustomerItem>
          chrome={chrome}
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.dataList ?? []}
          locale={{
            emptyText: (
              <Empty
                description={
                  <>
                    {t('partners.customers.empty')}
                    <div>{filtered ? t('partners.list.emptyHint') : t('partners.customers.emptyHint')}</div>
                  </>
                }
              />
            ),
          }}
          pagination={pagination(list.data?.totalCount)}
        />
      </Card>
      <InviteCustomerDialog open={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
