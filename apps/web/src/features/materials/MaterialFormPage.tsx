import type { Material, MaterialInput } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, InputNumber, Result, Row, Select, Skeleton, Space, Switch } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { requiredRule } from '../../lib/formRules.ts';
import { useLeaveGuard } from '../../lib/useLeaveGuard.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { type CodeOption, materialKeys, materialPath, materialsApi } from './materials.api.ts';
import { useMaterialPlaces } from './parts.tsx';

type Values = Required<Pick<MaterialInput, 'prdtNo' | 'prdtName' | 'poUnitNo'>> & MaterialInput;

const byCode = (items: CodeOption[] | undefined) =>
  (items ?? []).map((i) => ({ value: i.code, label: `${i.code} ${i.name}` }));
const byId = (items: CodeOption[] | undefined) =>
  (items ?? []).map((i) => ({ value: i.id, label: `${i.code} ${i.name}` }));

/** /basicdatasetting/materialfile/adddetail: add a material, or edit one with `?id=`. */
export function MaterialFormPage() {
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
    queryKey: materialKeys.detail(id ?? ''),
    queryFn: () => materialsApi.get(id!),
    enabled: !!id,
  });
  const units = useQuery({ queryKey: materialKeys.options('unit'), queryFn: materialsApi.units });
  const taxRates = useQuery({ queryKey: materialKeys.options('taxRate'), queryFn: materialsApi.taxRates });
  const classes = useQuery({ queryKey: materialKeys.options('class'), queryFn: materialsApi.classes });
  const warehouses = useQuery({ queryKey: materialKeys.options('warehouse'), queryFn: materialsApi.warehouses });

  useEffect(() => {
    if (existing.data) form.setFieldsValue(existing.data as unknown as Values);
  }, [existing.data, form]);

  const [dirty, setDirty] = useState(false);
  const savedOnce = useRef(false);
  useLeaveGuard(
    ({ currentLocation, nextLocation }) =>
      dirty && !savedOnce.current && currentLocation.pathname !== nextLocation.pathname,
  );

  const save = useMutation({
    mutationFn: (values: Values): Promise<Material> =>
      id && existing.data
        ? materialsApi.update(id, { ...values, version: existing.data.version })
        : materialsApi.create(values),
    onSuccess: (saved) => {
      savedOnce.current = true;
      message.success(t('materials.form.saved'));
      void queryClient.invalidateQueries({ queryKey: materialKeys.all });
      navigate(materialPath(saved.id));
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
  return (
    <Card
      className="page-card"
      title={id ? t('materials.form.editTitle', { code: existing.data?.prdtNo ?? '' }) : t('materials.form.addTitle')}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          isCheck: false,
          status: 1,
          poLeadDateNum: 0,
          minOrderQty: '0',
          minPackQty: '0',
          orderOverRate: '0',
        }}
        onValuesChange={() => setDirty(true)}
        onFinish={(v) =>
          save.mutate({
            ...v,
            classId: v.classId ?? null,
            warehouseId: v.warehouseId ?? null,
            taxRateCode: v.taxRateCode ?? '',
            valuationUnitNo: v.valuationUnitNo ?? '',
            // A cleared number means none: the archive's zero.
            minOrderQty: v.minOrderQty || '0',
            minPackQty: v.minPackQty || '0',
            orderOverRate: v.orderOverRate || '0',
          })
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="prdtNo" label={t('materials.fields.prdtNo')} rules={required}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="prdtName" label={t('materials.fields.prdtName')} rules={required}>
              <Input maxLength={128} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="prdtSpc" label={t('materials.fields.prdtSpc')}>
              <Input maxLength={256} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="englishName" label={t('materials.fields.englishName')}>
              <Input maxLength={128} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="classId" label={t('materials.fields.classId')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={classes.isLoading}
                options={byId(classes.data)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="erpClassCode" label={t('materials.fields.erpClassCode')}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="poUnitNo" label={t('materials.fields.poUnitNo')} rules={required}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={units.isLoading}
                options={byCode(units.data)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="valuationUnitNo"
              label={t('materials.fields.valuationUnitNo')}
              extra={t('materials.form.valuationHint')}
            >
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={units.isLoading}
                options={byCode(units.data)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="taxRateCode" label={t('materials.fields.taxRateCode')}>
              <Select allowClear loading={taxRates.isLoading} options={byCode(taxRates.data)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="warehouseId" label={t('materials.fields.warehouseId')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={warehouses.isLoading}
                options={byId(warehouses.data)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item name="poLeadDateNum" label={t('materials.fields.poLeadDateNum')}>
              <InputNumber min={0} max={3650} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item name="orderOverRate" label={t('materials.fields.orderOverRate')}>
              <DecimalInput places={places.rate} min="0" max="100" />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item name="minOrderQty" label={t('materials.fields.minOrderQty')}>
              <DecimalInput places={places.quantity} min="0" />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item name="minPackQty" label={t('materials.fields.minPackQty')}>
              <DecimalInput places={places.quantity} min="0" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="isCheck" label={t('materials.fields.isCheck')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="status" label={t('materials.fields.status')}>
              <Select
                options={[
                  { value: 1, label: t('materials.status.enabled') },
                  { value: 0, label: t('materials.status.disabled') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remarks" label={t('materials.fields.remarks')}>
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button onClick={() => navigate(-1)}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.confirm')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
