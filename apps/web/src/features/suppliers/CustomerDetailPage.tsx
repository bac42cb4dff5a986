import { ArrowLeftOutlined } from '@ant-design/icons';
import type { CustomerUpdateInput } from '@concord/shared';
import { supplierMachine } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Divider,
  Form,
  Input,
  Result,
  Row,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { OperationButton } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { chkStates, relationStates } from '../../components/statusStyles.ts';
import { formatDate } from '../../lib/dates.ts';
import { requiredRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { ContactsEditor } from './ContactsEditor.tsx';
import { RegistrationView } from './SupplierActions.tsx';
import { supplierKeys, suppliersApi } from './suppliers.api.ts';

const LIST_PATH = '/sale/profile';
type Values = Omit<CustomerUpdateInput, 'version'>;

/** /sale/profile/detail?id= (SL_CUS): the supplier's own record of one customer and the relation. */
export function CustomerDetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [form] = Form.useForm<Values>();
  const detail = useQuery({
    queryKey: supplierKeys.customer(id),
    queryFn: () => suppliersApi.customer(id),
    enabled: !!id,
  });
  useEffect(() => {
    if (detail.data) {
      const { poCode, poName, poShort, remarks } = detail.data;
      form.setFieldsValue({ poCode, poName, poShort, remarks });
    }
  }, [detail.data, form]);
  const save = useMutation({
    mutationFn: (v: Values) => suppliersApi.updateCustomer(id, { ...v, version: detail.data!.version }),
    meta: { form },
    onSuccess: (saved) => {
      message.success(t('partners.customers.saved'));
      queryClient.setQueryData(supplierKeys.customer(id), saved);
      void queryClient.invalidateQueries({ queryKey: supplierKeys.customers });
    },
  });

  if (detail.isError || !id) {
    return (
      <Card className="page-card">
        <Result
          status="404"
          title={t('partners.customers.notFound')}
          extra={<Button onClick={() => navigate(LIST_PATH)}>{t('partners.customers.title')}</Button>}
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
  const c = detail.data;
  // The customer's archive row is readable only while the relation exists on its side.
  const related = !!c.supCode;
  return (
    <>
      <Card className="page-card" style={{ marginBottom: 12 }}>
        <Space style={{ marginBottom: 12 }} wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(LIST_PATH)}>
            {t('partners.customers.title')}
          </Button>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('partners.customers.detailTitle', { name: c.poShort || c.poName })}
          </Typography.Title>
          <StatusTag machine={supplierMachine} status={c.inviteState} />
          <StatusTag machine={relationStates} status={c.relationState} />
        </Space>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'name', label: t('partners.customers.customerName'), children: c.customerName },
            { key: 'compNo', label: t('partners.customers.customerCompNo'), children: c.customerCompNo },
            { key: 'supCode', label: t('partners.customers.supCodeAtCustomer'), children: c.supCode },
            {
              key: 'chk',
              label: t('partners.fields.chkState'),
              children: <StatusTag machine={chkStates} status={c.chkState} />,
            },
            { key: 'join', label: t('partners.fields.joinDate'), children: formatDate(c.joinDate) },
            ...(c.auditDescription
              ? [{ key: 'desc', label: t('partners.customers.auditDescription'), children: c.auditDescription }]
              : []),
          ]}
        />
        <Divider />
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} style={{ maxWidth: 960 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="poCode" label={t('partners.customers.poCode')}>
                <Input maxLength={32} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="poName" label={t('partners.customers.poName')} rules={[requiredRule(locale)]}>
                <Input maxLength={128} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="poShort" label={t('partners.customers.poShort')}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="remarks" label={t('partners.customers.remarks')}>
                <Input.TextArea rows={2} maxLength={500} showCount />
              </Form.Item>
            </Col>
          </Row>
          <OperationButton type="primary" htmlType="submit" permission="SL_CUS" loading={save.isPending}>
            {t('common.save')}
          </OperationButton>
        </Form>
      </Card>
      {related && (
        <>
          <Card title={t('partners.detail.tabs.registration')} className="page-card" style={{ marginBottom: 12 }}>
            <RegistrationView registration={c.registration} />
          </Card>
          <Card title={t('partners.customers.contactsTitle')} className="page-card">
            <ContactsEditor supplierId={c.relationId} editable />
          </Card>
        </>
      )}
    </>
  );
}
