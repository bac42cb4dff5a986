import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import {
  type OssFileRef,
  type PotentialSupplierDetail,
  PROSPECT_STATE,
  type ProspectAuditResult,
  prospectMachine,
  validationMessage,
} from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Radio, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePermission } from '../../components/PermissionGate.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { useLocale } from '../accounts/useLocale.ts';
import { AttachmentsField } from '../enterprises/AttachmentsField.tsx';
import { ProspectGate, useProspect } from './ProspectDetailPage.tsx';
import { AuditHistory, ProspectSummary } from './ProspectParts.tsx';
import { sourcingApi, sourcingKeys } from './sourcing.api.ts';

interface Values {
  result: ProspectAuditResult;
  score: number;
  comment: string;
  attachments: OssFileRef[];
}

const LIST_PATH = '/purchase/supplier-audit';

/** /purchase/supplier-audit/detail?id= (PO_PG_SH): audit a prospect: result, score 0–100, comment, files. */
export function AuditDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const query = useProspect(true, id);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(LIST_PATH)}>
      {t('sourcing.detail.back')}
    </Button>
  );
  return (
    <ProspectGate id={id} query={query} back={back}>
      {(p) => <AuditView prospect={p} back={back} />}
    </ProspectGate>
  );
}

function AuditView({ prospect, back }: { prospect: PotentialSupplierDetail; back: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const allowed = usePermission('PO_PG_SH');
  const [form] = Form.useForm<Values>();
  const open = prospect.auditState === PROSPECT_STATE.UNDER_AUDIT;
  const save = useMutation({
    mutationFn: (v: Values) => sourcingApi.audit(prospect.id, v),
    meta: { form },
    onSuccess: async () => {
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: sourcingKeys.all });
      message.success(t('sourcing.done.audit'));
    },
  });
  const required = { required: true, message: validationMessage('required', locale) };

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
        extra={back}
      >
        <ProspectSummary prospect={prospect} />
      </Card>
      {open && (
        <Card className="page-card" title={t('sourcing.audit.formTitle')}>
          <Form<Values>
            form={form}
            layout="vertical"
            initialValues={{ result: 'pass', score: 80, comment: '', attachments: [] }}
            style={{ maxWidth: 760 }}
            disabled={!allowed}
            onFinish={(v) => save.mutate(v)}
          >
            <Form.Item name="result" label={t('sourcing.audit.result')} rules={[required]}>
              <Radio.Group
                options={[
                  { value: 'pass', label: t('sourcing.audit.results.pass') },
                  { value: 'fail', label: t('sourcing.audit.results.fail') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="score"
              label={t('sourcing.audit.score')}
              rules={[required]}
              extra={t('sourcing.audit.scoreHint')}
            >
              <InputNumber min={0} max={100} precision={0} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item
              name="comment"
              label={t('sourcing.audit.comment')}
              dependencies={['result']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_r, v: string) => {
                    if (getFieldValue('result') === 'fail' && !v?.trim()) {
                      throw new Error(t('sourcing.audit.commentRequired'));
                    }
                  },
                }),
              ]}
            >
              <Input.TextArea rows={4} maxLength={1000} showCount />
            </Form.Item>
            <Form.Item name="attachments" label={t('sourcing.fields.attachments')}>
              <AttachmentsField />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<CheckOutlined />} loading={save.isPending}>
              {t('sourcing.audit.submit')}
            </Button>
          </Form>
        </Card>
      )}
      <Card className="page-card" title={t('sourcing.audit.history')}>
        <AuditHistory audits={prospect.audits} />
      </Card>
    </>
  );
}
