import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import {
  MOBILE_AREAS,
  type MobileArea,
  type OssFileRef,
  type PotentialSupplierDetail,
  PROSPECT_EDITABLE_STATES,
  prospectCreateSchema,
  validationMessage,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, Result, Row, Select, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { usePermission } from '../../components/PermissionGate.tsx';
import { useLocale } from '../accounts/useLocale.ts';
import { AttachmentsField } from '../enterprises/AttachmentsField.tsx';
import { prospectPath, sourcingApi, sourcingKeys } from './sourcing.api.ts';

interface Values {
  name: string;
  contactName: string;
  mobileArea: MobileArea;
  mobile: string;
  email: string;
  compNo: string;
  socialCreditCode: string;
  productDescription: string;
  supplierClassId: string | null;
  requiredQualifications: string[];
  attachments: OssFileRef[];
}

const LIST_PATH = '/purchase/sourcing';

const EMPTY: Values = {
  name: '',
  contactName: '',
  mobileArea: '+86',
  mobile: '',
  email: '',
  compNo: '',
  socialCreditCode: '',
  productDescription: '',
  supplierClassId: null,
  requiredQualifications: [],
  attachments: [],
};

const valuesOf = (p: PotentialSupplierDetail): Values => ({
  name: p.name,
  contactName: p.contactName,
  mobileArea: p.mobileArea,
  mobile: p.mobile,
  email: p.email,
  compNo: p.compNo,
  socialCreditCode: p.socialCreditCode,
  productDescription: p.productDescription,
  supplierClassId: p.supplierClassId,
  requiredQualifications: p.requiredQualifications,
  attachments: p.attachments,
});

/** /purchase/sourcing/add (PO_SSO_PSM_02), with ?id= to edit a new or rejected prospect. */
export function ProspectFormPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const existing = useQuery({
    queryKey: sourcingKeys.detail(false, id ?? ''),
    queryFn: () => sourcingApi.get(id!),
    enabled: !!id,
    meta: { silent: true },
  });
  if (!id) return <ProspectForm />;
  if (existing.isError) {
    const missing = existing.error instanceof ApiError && existing.error.status === 404;
    return (
      <Card className="page-card">
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('sourcing.detail.notFound') : existing.error.message}
        />
      </Card>
    );
  }
  if (!existing.data) {
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  if (!PROSPECT_EDITABLE_STATES.includes(existing.data.auditState)) {
    return (
      <Card className="page-card">
        <Result status="warning" title={t('sourcing.form.notEditable')} />
      </Card>
    );
  }
  return <ProspectForm prospect={existing.data} />;
}

function ProspectForm({ prospect }: { prospect?: PotentialSupplierDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allowed = usePermission('PO_SSO_PSM_02');
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const classes = useQuery({ queryKey: sourcingKeys.classes, queryFn: sourcingApi.classOptions });

  const save = useMutation({
    mutationFn: (values: Values) =>
      prospect ? sourcingApi.update(prospect.id, { ...values, version: prospect.version }) : sourcingApi.create(values),
    meta: { form },
    onSuccess: async (saved) => {
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: sourcingKeys.all });
      message.success(t('common.saved'));
      navigate(prospectPath(saved.id));
    },
  });

  /** The shared schema decides, so the form and the API refuse the same things with the same words. */
  const validate = async () => {
    const values = await form.validateFields();
    const parsed = prospectCreateSchema.safeParse(values);
    if (parsed.success) return values;
    form.setFields(
      parsed.error.issues.map((issue) => ({
        name: issue.path[0] as keyof Values,
        errors: [validationMessage(issue.message, locale)],
      })),
    );
    throw new Error('invalid');
  };
  const leave = () => {
    const back = () => navigate(prospect ? prospectPath(prospect.id) : LIST_PATH);
    if (!dirty) back();
    else
      modal.confirm({
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        title: t('sourcing.form.unsaved'),
        onOk: back,
      });
  };
  const required = [{ required: true, whitespace: true, message: validationMessage('required', locale) }];

  return (
    <Card
      className="page-card"
      title={prospect ? t('sourcing.form.editTitle', { code: prospect.code }) : t('sourcing.form.addTitle')}
      extra={
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={leave}>
            {t('common.cancel')}
          </Button>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            disabled={!allowed}
            loading={save.isPending}
            onClick={() =>
              void validate().then(
                (v) => save.mutate(v),
                () => undefined,
              )
            }
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={prospect ? valuesOf(prospect) : EMPTY}
        onValuesChange={() => setDirty(true)}
        style={{ maxWidth: 1000 }}
      >
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item name="name" label={t('sourcing.fields.name')} rules={required}>
              <Input maxLength={128} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="compNo" label={t('sourcing.fields.compNo')} extra={t('sourcing.form.compNoHint')}>
              <Input maxLength={8} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="contactName" label={t('sourcing.fields.contactName')} rules={required}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('sourcing.fields.mobile')} extra={t('sourcing.form.contactHint')}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="mobileArea" noStyle>
                  <Select
                    style={{ width: 90 }}
                    options={MOBILE_AREAS.map((a) => ({ value: a, label: a }))}
                    aria-label={t('auth.mobileArea')}
                  />
                </Form.Item>
                <Form.Item name="mobile" noStyle>
                  <Input maxLength={11} aria-label={t('sourcing.fields.mobile')} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="email" label={t('sourcing.fields.email')}>
              <Input maxLength={254} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="socialCreditCode" label={t('sourcing.fields.socialCreditCode')}>
              <Input maxLength={18} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="supplierClassId" label={t('sourcing.fields.supplierClass')}>
              <Select
                allowClear
                loading={classes.isLoading}
                options={(classes.data ?? []).map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="productDescription" label={t('sourcing.fields.productDescription')}>
              <Input.TextArea rows={3} maxLength={2000} showCount />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="requiredQualifications"
              label={t('sourcing.fields.requiredQualifications')}
              extra={t('sourcing.form.qualificationsHint')}
            >
              <Select mode="tags" tokenSeparators={[',', '，']} maxCount={50} open={false} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="attachments" label={t('sourcing.fields.attachments')}>
              <AttachmentsField />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
