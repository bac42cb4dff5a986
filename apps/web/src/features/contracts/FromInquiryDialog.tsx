import { FileDoneOutlined } from '@ant-design/icons';
import { CONTRACT_KINDS, type ContractKind, INQUIRY_STATUS, QUOTATION_STATUS } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { useIdempotencyKey } from '../../api/useIdempotencyKey.ts';
import { useAnyPermission } from '../../components/PermissionGate.tsx';
import { errorText } from '../../lib/fieldErrors.ts';
import { inquiriesApi } from '../inquiries/inquiries.api.ts';
import { contractKeys, contractPath, contractsApi } from './contracts.api.ts';

interface Values {
  inquiryId?: string;
  supplierId?: string;
  kind: ContractKind;
}

const AWARDED_QUOTES: readonly number[] = [QUOTATION_STATUS.AWARDED, QUOTATION_STATUS.PARTLY_AWARDED];

/**
 * The buyer makes a contract from an awarded inquiry in one step (issue 22 §2): it picks the inquiry and
 * one of the suppliers it awarded to; the server drafts the contract with that supplier's awarded lines,
 * which opens in the form to be checked and sent. Needs PR_ION to read the inquiries as well as PO_CON.
 */
export function FromInquiryButton() {
  const { t } = useTranslation();
  const can = useAnyPermission();
  const [open, setOpen] = useState(false);
  if (!can(['PO_CON']) || !can(['PR_ION'])) return null;
  return (
    <>
      <Button icon={<FileDoneOutlined />} onClick={() => setOpen(true)}>
        {t('contracts.actions.fromInquiry')}
      </Button>
      {open && <FromInquiryDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function FromInquiryDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const inquiryId = Form.useWatch('inquiryId', form);
  const creation = useIdempotencyKey();
  const awarded = useQuery({
    queryKey: ['inquiries', 'list', { statuses: [INQUIRY_STATUS.AWARDED] }, 1, 100],
    queryFn: () => inquiriesApi.list({ statuses: [INQUIRY_STATUS.AWARDED] }, 1, 100),
    meta: { silent: true },
  });
  const inquiry = useQuery({
    queryKey: ['inquiries', 'detail', inquiryId ?? ''],
    queryFn: () => inquiriesApi.get(inquiryId!),
    enabled: !!inquiryId,
    meta: { silent: true },
  });
  const suppliers = (inquiry.data?.quotations ?? [])
    .filter((q) => q.round === inquiry.data?.round && AWARDED_QUOTES.includes(q.status))
    .map((q) => ({ value: q.supplierId, label: `${q.supCode} ${q.supName}`.trim() }));
  const make = useMutation({
    mutationFn: (v: Values) =>
      contractsApi.fromInquiry({ inquiryId: v.inquiryId!, supplierId: v.supplierId!, kind: v.kind }, creation.key),
    onSuccess: async (made) => {
      await queryClient.invalidateQueries({ queryKey: contractKeys.all });
      message.success(t('contracts.fromInquiry.made', { contractNo: made.contractNo }));
      onClose();
      navigate(`${contractPath('buyer', made.id)}&mode=edit`);
    },
    meta: { silent: true },
    onError: (err) => {
      if (!(err instanceof ApiError && err.handled)) message.error(errorText(err));
    },
  });
  const required = { required: true, message: t('contracts.fromInquiry.noSupplier') };
  return (
    <Modal
      open
      title={t('contracts.fromInquiry.title')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: make.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('contracts.fromInquiry.hint')} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'framework' }}
        onValuesChange={(changed) => {
          if ('inquiryId' in changed) form.setFieldValue('supplierId', undefined);
        }}
        onFinish={(v) => make.mutate(v)}
      >
        <Form.Item name="inquiryId" label={t('contracts.fromInquiry.inquiry')} rules={[required]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={awarded.isLoading}
            notFoundContent={t('contracts.fromInquiry.none')}
            options={(awarded.data?.dataList ?? []).map((i) => ({
              value: i.id,
              label: `${i.inquiryNo} ${i.title}`.trim(),
            }))}
          />
        </Form.Item>
        <Form.Item name="supplierId" label={t('contracts.fromInquiry.supplier')} rules={[required]}>
          <Select
            loading={inquiry.isFetching}
            disabled={!inquiryId}
            notFoundContent={t('contracts.fromInquiry.noSupplier')}
            options={suppliers}
          />
        </Form.Item>
        <Form.Item name="kind" label={t('contracts.fields.kind')}>
          <Select options={CONTRACT_KINDS.map((k) => ({ value: k, label: t(`contracts.kinds.${k}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
