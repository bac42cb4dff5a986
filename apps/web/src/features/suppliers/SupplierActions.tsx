import {
  offeredOnSupplierRow,
  SUPPLIER_REGISTRATION_FIELDS,
  type SupplierDetail,
  type SupplierRowAction,
  supplierMachine,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAnyPermission } from '../../components/PermissionGate.tsx';
import { useArchiveLabel } from './SupplierFields.tsx';
import { supplierKeys, suppliersApi } from './suppliers.api.ts';

/** What the operation menus offer: approve and return are one "review" entry that opens the dialog. */
export type SupplierMenuAction = Exclude<SupplierRowAction, 'approve' | 'reject'> | 'review';

interface Row {
  id: string;
  supName: string;
  inviteState: number;
  relationState: number;
}

/**
 * The buyer's row actions, built from the shared transition table and the user's permissions (the
 * server applies the same table); confirmations for the simple ones, the review dialog for the rest.
 */
export function useSupplierActions(onReview: (row: Row) => void) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const anyPermission = useAnyPermission();
  const can = (code: string) => anyPermission([code]);

  const act = useMutation({
    mutationFn: ({ row, action }: { row: Row; action: SupplierRowAction }) => suppliersApi.act(row.id, action),
    onSuccess: (_d, { action }) => {
      message.success(t(`partners.done.${action}`));
      void queryClient.invalidateQueries({ queryKey: supplierKeys.all });
    },
  });

  const actionsFor = (row: Row): SupplierMenuAction[] => {
    const available = supplierMachine.available('buyer', row.inviteState, can, offeredOnSupplierRow(row.relationState));
    const menu: SupplierMenuAction[] = [];
    if (available.includes('approve') || available.includes('reject')) menu.push('review');
    for (const a of available) if (a !== 'approve' && a !== 'reject') menu.push(a);
    return menu;
  };

  const run = (row: Row, action: SupplierMenuAction) => {
    if (action === 'review') {
      onReview(row);
      return;
    }
    modal.confirm({
      title: t(`partners.actions.${action}`),
      content: t(`partners.confirm.${action}`, { name: row.supName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: action === 'blacklist' || action === 'invalidate' || action === 'stop' },
      onOk: () => act.mutateAsync({ row, action }),
    });
  };

  return { actionsFor, run, pending: act.isPending };
}

/** Registration data as a read-only list, labelled and with value lists translated. */
export function RegistrationView({ registration }: { registration: SupplierDetail['registration'] }) {
  const { t } = useTranslation();
  const label = useArchiveLabel();
  const filled = SUPPLIER_REGISTRATION_FIELDS.filter((f) => registration[f] !== undefined && registration[f] !== '');
  if (!filled.length) return <Alert type="info" showIcon title={t('partners.review.noRegistration')} />;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2 }}
      items={filled.map((f) => ({ key: f, label: t(`partners.archive.${f}`), children: label(f, registration[f]) }))}
    />
  );
}

/** Review of submitted registration data: approve (the supplier joins) or return with a reason. */
export function ReviewDialog({ supplier, onClose }: { supplier: Row | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ auditDescription: string }>();
  const detail = useQuery({
    queryKey: supplierKeys.detail(supplier?.id ?? ''),
    queryFn: () => suppliersApi.get(supplier!.id),
    enabled: !!supplier,
  });
  const decide = useMutation({
    mutationFn: ({ action, auditDescription }: { action: 'approve' | 'reject'; auditDescription: string }) =>
      suppliersApi.act(supplier!.id, action, { auditDescription }),
    meta: { form },
    onSuccess: (_d, { action }) => {
      message.success(t(`partners.done.${action}`));
      void queryClient.invalidateQueries({ queryKey: supplierKeys.all });
      form.resetFields();
      onClose();
    },
  });
  const submit = async (action: 'approve' | 'reject') => {
    const { auditDescription = '' } = form.getFieldsValue();
    if (action === 'reject' && !auditDescription.trim()) {
      form.setFields([{ name: 'auditDescription', errors: [t('partners.review.reasonRequired')] }]);
      return;
    }
    decide.mutate({ action, auditDescription: auditDescription.trim() });
  };
  return (
    <Modal
      title={t('partners.review.title', { name: supplier?.supName ?? '' })}
      open={!!supplier}
      width="50%"
      mask={{ closable: false }}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            danger
            loading={decide.isPending && decide.variables?.action === 'reject'}
            onClick={() => void submit('reject')}
          >
            {t('partners.actions.reject')}
          </Button>
          <Button
            type="primary"
            loading={decide.isPending && decide.variables?.action === 'approve'}
            onClick={() => void submit('approve')}
          >
            {t('partners.actions.approve')}
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('partners.review.hint')} />
      {detail.data ? <RegistrationView registration={detail.data.registration} /> : <Skeleton active />}
      <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item name="auditDescription" label={t('partners.review.reason')}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('partners.review.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
