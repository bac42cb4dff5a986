import type { MaterialCustomerInput } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Divider, Form, Input, InputNumber, Result, Row, Select, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { requiredRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { materialKeys, materialsApi } from './materials.api.ts';
import { useMaterialPlaces } from './parts.tsx';

type Values = MaterialCustomerInput;

const LIST_PATH = '/sale/prod-customer';

/** /sale/prod-customer/detail: add a material-customer relation, or edit one with `?id=`. */
export function MaterialCustomerDetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const id = params.get('id');
  const [form] = Form.useForm<Values>();
  const places = useMaterialPlaces();
  const existing = useQuery({
    queryKey: materialKeys.customer(id ?? ''),
    queryFn: () => materialsApi.customer(id!),
    enabled: !!id,
  });
  const customers = useQuery({ queryKey: materialKeys.options('customers'), queryFn: materialsApi.customerOptions });
  useEffect(() => {
    if (existing.data) form.setFieldsValue(existing.data);
  }, [existing.data, form]);
  const save = useMutation({
    mutationFn: (v: Values) =>
      id && existing.data
        ? materialsApi.updateCustomer(id, { ...v, version: existing.data.version })
        : materialsApi.createCustomer(v),
    onSuccess: () => {
      message.success(t('materials.customers.saved'));
      void queryClient.invalidateQueries({ queryKey: ['material-customers'] });
      navigate(LIST_PATH);
    },
    meta: { form },
  });
  if (id && existing.isError) {
    return (
      <Card className="page-card">
        <Result
          status="error"
          title={(existing.error as Error).message}
          extra={<Button onClick={() => void existing.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }
  if (id && existing.isLoading) {
    return (
      <Card className="page-card">
        <Skeleton active />
      </Card>
    );
  }
  const required = [requiredRule(locale)];
  /** A dimension in cm: a measurement, typed as a plain number. */
  const size = (name: 'lengthCm' | 'widthCm' | 'heightCm', label: string) => (
    <Col xs={12} md={6}>
      <Form.Item name={name} label={label}>
        <InputNumber min={0} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
  const decimal = (name: keyof Values, label: string, kind: 'quantity' | 'rate') => (
    <Col xs={12} md={6}>
      <Form.Item name={name} label={label}>
        <DecimalInput places={places[kind]} min="0" max={kind === 'rate' ? '100' : undefined} />
      </Form.Item>
    </Col>
  );
  return (
    <Card
      className="page-card"
      title={
        id
          ? t('materials.customers.editTitle', { code: existing.data?.custPrdtCode ?? '' })
          : t('materials.customers.addTitle')
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ overdeliveryRate: '0' }}
        onFinish={(v) =>
          save.mutate({
            ...v,
            lengthCm: v.lengthCm ?? null,
            widthCm: v.widthCm ?? null,
            heightCm: v.heightCm ?? null,
            materialQty: v.materialQty ?? null,
            smallQty: v.smallQty ?? null,
            outerQty: v.outerQty ?? null,
            minQty: v.minQty ?? null,
            overdeliveryRate: v.overdeliveryRate || '0',
          })
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="customerId" label={t('materials.customers.customer')} rules={required}>
              <Select
                loading={customers.isLoading}
                options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.poName }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="custPrdtCode" label={t('materials.customers.custPrdtCode')} rules={required}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="custPrdtName" label={t('materials.customers.custPrdtName')} rules={required}>
              <Input maxLength={128} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="custPrdtSpc" label={t('materials.customers.custPrdtSpc')}>
              <Input maxLength={256} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="prdtNo" label={t('materials.customers.prdtNo')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="prdtName" label={t('materials.customers.prdtName')}>
              <Input maxLength={128} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="taxCode" label={t('materials.customers.taxCode')}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="taxName" label={t('materials.customers.taxName')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('materials.customers.packing')}</Divider>
        <Row gutter={16}>
          {size('lengthCm', t('materials.customers.lengthCm'))}
          {size('widthCm', t('materials.customers.widthCm'))}
          {size('heightCm', t('materials.customers.heightCm'))}
          {decimal('overdeliveryRate', t('materials.customers.overdeliveryRate'), 'rate')}
          {decimal('materialQty', t('materials.customers.materialQty'), 'quantity')}
          {decimal('smallQty', t('materials.customers.smallQty'), 'quantity')}
          {decimal('outerQty', t('materials.customers.outerQty'), 'quantity')}
          {decimal('minQty', t('materials.customers.minQty'), 'quantity')}
          <Col xs={24}>
            <Form.Item name="remarks" label={t('materials.customers.remarks')}>
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button onClick={() => navigate(LIST_PATH)}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.confirm')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
