import { ArrowLeftOutlined, FileProtectOutlined, TeamOutlined } from '@ant-design/icons';
import {
  SUPPLIER_INVITE_STATE,
  type SupplierArchiveInput,
  type SupplierBuyerDetail,
  type SupplierUpdateInput,
  supplierMachine,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Divider,
  Empty,
  Form,
  Result,
  Skeleton,
  Space,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { OperationButton } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { chkStates, relationStates, syncStates } from '../../components/statusStyles.ts';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { addForSupplierPath } from '../qualifications/qualifications.api.ts';
import { SupplierQualificationsTab } from '../qualifications/SupplierQualificationsTab.tsx';
import { ContactsEditor } from './ContactsEditor.tsx';
import { InviteSupplierDialog } from './InviteSupplierDialog.tsx';
import { RegistrationView, ReviewDialog, useSupplierActions } from './SupplierActions.tsx';
import { BuyerFields, CompanyFields, useClassOptions } from './SupplierFields.tsx';
import { supplierContactsPath, supplierKeys, suppliersApi } from './suppliers.api.ts';

const TABS = ['basic', 'registration', 'contacts', 'qualifications', 'record'] as const;
type Tab = (typeof TABS)[number];
const ARCHIVE_PATH = '/supplier/supfile';

type FormValues = Omit<SupplierUpdateInput, 'version'> & { archive: SupplierArchiveInput };

function BasicTab({ supplier }: { supplier: SupplierBuyerDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const classOptions = useClassOptions();
  const [form] = Form.useForm<FormValues>();
  useEffect(() => {
    form.setFieldsValue({
      supCode: supplier.supCode,
      supName: supplier.supName,
      supShort: supplier.supShort,
      supplierClassId: supplier.supplierClassId,
      lifeCycle: (supplier.lifeCycle || undefined) as FormValues['lifeCycle'],
      receiverName: supplier.receiverName,
      adminMobileArea: supplier.adminMobileArea as FormValues['adminMobileArea'],
      adminMobile: supplier.adminMobile,
      contactEmail: supplier.contactEmail,
      // An archive still empty starts from what the supplier registered.
      archive: { ...supplier.registration, ...supplier.archive } as SupplierArchiveInput,
    });
  }, [supplier, form]);
  const save = useMutation({
    mutationFn: (v: FormValues) =>
      suppliersApi.update(supplier.id, {
        ...v,
        supplierClassId: v.supplierClassId ?? null,
        lifeCycle: v.lifeCycle ?? '',
        version: supplier.version,
      }),
    meta: { form },
    onSuccess: (saved) => {
      message.success(t('partners.detail.saved'));
      queryClient.setQueryData(supplierKeys.detail(supplier.id), saved);
      void queryClient.invalidateQueries({ queryKey: supplierKeys.all });
    },
  });
  return (
    <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} style={{ maxWidth: 960 }}>
      <Divider titlePlacement="start" plain>
        {t('partners.sections.basic')}
      </Divider>
      <BuyerFields classOptions={classOptions} codeRequired />
      <Divider titlePlacement="start" plain>
        {t('partners.sections.company')}
      </Divider>
      <CompanyFields prefix={['archive']} extra />
      <OperationButton type="primary" htmlType="submit" permission="PO_SUP_ARC" loading={save.isPending}>
        {t('common.save')}
      </OperationButton>
    </Form>
  );
}

function RecordTab({ id }: { id: string }) {
  const { t } = useTranslation();
  const record = useQuery({ queryKey: supplierKeys.operations(id), queryFn: () => suppliersApi.operations(id) });
  const columns: TableColumnsType<{ id: string; username: string; summary: string; createdAt: string }> = [
    { key: 'time', title: t('partners.record.time'), dataIndex: 'createdAt', width: 170, render: formatDateTime },
    { key: 'user', title: t('partners.record.user'), dataIndex: 'username', width: 200 },
    { key: 'summary', title: t('partners.record.summary'), dataIndex: 'summary' },
  ];
  return (
    <Table
      rowKey="id"
      size="small"
      loading={record.isFetching}
      columns={columns}
      dataSource={record.data ?? []}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty description={t('partners.record.empty')} /> }}
    />
  );
}

/** /supplier/supfile/detail?id=&tab= (PO_SUP_ARC): one supplier with its actions and tabs. */
export function SupplierDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const tabParam = params.get('tab') as Tab | null;
  const tab: Tab = tabParam && TABS.includes(tabParam) ? tabParam : 'basic';
  const [reviewing, setReviewing] = useState(false);
  const [inviting, setInviting] = useState(false);
  const classOptions = useClassOptions();
  const actions = useSupplierActions(() => setReviewing(true));
  const detail = useQuery({ queryKey: supplierKeys.detail(id), queryFn: () => suppliersApi.get(id), enabled: !!id });

  if (detail.isError || !id) {
    return (
      <Card className="page-card">
        <Result
          status="404"
          title={t('partners.detail.notFound')}
          extra={<Button onClick={() => navigate(ARCHIVE_PATH)}>{t('partners.detail.back')}</Button>}
        />
      </Card>
    );
  }
  if (!detail.data) {
    return (
      <Card className="page-card">
        <Skeleton active />
      </Card>
    );
  }
  const s = detail.data;
  // The supplier reads the partner view: no class, sync state, descriptive archive or pending invitation.
  const buyerSide = s.side === 'buyer' ? s : null;
  const available = buyerSide ? actions.actionsFor(buyerSide) : [];
  const shownTabs: readonly Tab[] = buyerSide ? TABS : ['registration', 'contacts'];
  const activeTab = shownTabs.includes(tab) ? tab : shownTabs[0];

  return (
    <>
      <Card className="page-card" style={{ marginBottom: 12 }}>
        <Space style={{ marginBottom: 12 }} wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(ARCHIVE_PATH)}>
            {t('partners.detail.back')}
          </Button>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {s.supCode} {s.supName}
          </Typography.Title>
          <StatusTag machine={supplierMachine} status={s.inviteState} />
          <StatusTag machine={relationStates} status={s.relationState} />
        </Space>
        {!buyerSide && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('partners.detail.supplierSide', { buyer: s.buyerName })}
          />
        )}
        {buyerSide?.pendingInvitation && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('partners.detail.pendingInvitation', {
              to: [buyerSide.pendingInvitation.mobile, buyerSide.pendingInvitation.email].filter(Boolean).join(' / '),
              time: formatDateTime(buyerSide.pendingInvitation.expiresAt),
            })}
          />
        )}
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            { key: 'compNo', label: t('partners.fields.supplierCompNo'), children: s.supplierCompNo ?? '' },
            ...(buyerSide
              ? [
                  {
                    key: 'class',
                    label: t('partners.fields.supplierClass'),
                    children: buyerSide.supplierClassName ?? '',
                  },
                ]
              : []),
            {
              key: 'chk',
              label: t('partners.fields.chkState'),
              children: <StatusTag machine={chkStates} status={s.chkState} />,
            },
            ...(buyerSide
              ? [
                  {
                    key: 'sync',
                    label: t('partners.fields.syncState'),
                    children: <StatusTag machine={syncStates} status={buyerSide.syncState} />,
                  },
                ]
              : []),
            { key: 'invited', label: t('partners.fields.invitationDate'), children: formatDate(s.invitationDate) },
            { key: 'audit', label: t('partners.fields.auditDate'), children: formatDate(s.auditDate) },
            { key: 'join', label: t('partners.fields.joinDate'), children: formatDate(s.joinDate) },
            { key: 'contact', label: t('partners.fields.primaryContact'), children: s.primaryContact ?? '' },
            ...(s.auditDescription
              ? [{ key: 'desc', label: t('partners.fields.auditDescription'), children: s.auditDescription, span: 4 }]
              : []),
          ]}
        />
        {buyerSide && (
          <Space wrap style={{ marginTop: 12 }}>
            {s.inviteState === SUPPLIER_INVITE_STATE.NOT_INVITED && (
              <OperationButton type="primary" permission="PO_SUP" onClick={() => setInviting(true)}>
                {t('partners.actions.invite')}
              </OperationButton>
            )}
            {available.map((action) => (
              <OperationButton
                key={action}
                type={action === 'review' ? 'primary' : 'default'}
                danger={action === 'blacklist' || action === 'invalidate' || action === 'stop'}
                loading={actions.pending}
                onClick={() => actions.run(s, action)}
              >
                {t(`partners.actions.${action}`)}
              </OperationButton>
            ))}
            <OperationButton readOnly icon={<TeamOutlined />} onClick={() => navigate(supplierContactsPath(s.id))}>
              {t('partners.actions.contacts')}
            </OperationButton>
            <OperationButton
              permission="PO_SUP_RZ"
              icon={<FileProtectOutlined />}
              onClick={() => navigate(addForSupplierPath(s.id))}
            >
              {t('qualifications.actions.request')}
            </OperationButton>
          </Space>
        )}
      </Card>
      <Card className="page-card">
        <Tabs
          activeKey={activeTab}
          onChange={(key) =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
          items={[
            ...(buyerSide
              ? [{ key: 'basic', label: t('partners.detail.tabs.basic'), children: <BasicTab supplier={buyerSide} /> }]
              : []),
            {
              key: 'registration',
              label: t('partners.detail.tabs.registration'),
              children: <RegistrationView registration={s.registration} />,
            },
            {
              key: 'contacts',
              label: t('partners.detail.tabs.contacts'),
              children: <ContactsEditor supplierId={s.id} editable />,
            },
            ...(buyerSide
              ? [
                  {
                    key: 'qualifications',
                    label: t('qualifications.title'),
                    children: <SupplierQualificationsTab supplierId={s.id} />,
                  },
                  { key: 'record', label: t('partners.detail.tabs.record'), children: <RecordTab id={s.id} /> },
                ]
              : []),
          ]}
        />
      </Card>
      <ReviewDialog supplier={reviewing ? s : null} onClose={() => setReviewing(false)} />
      <InviteSupplierDialog
        open={inviting}
        archive={buyerSide}
        classOptions={classOptions}
        onClose={() => setInviting(false)}
      />
    </>
  );
}
