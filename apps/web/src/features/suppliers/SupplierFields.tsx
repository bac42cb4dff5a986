import {
  isValidMobile,
  MOBILE_AREAS,
  NATURES_OF_COMPANY,
  PAYMENT_METHODS,
  SUPPLIER_BUSINESS_TYPES,
  SUPPLIER_CURRENCIES,
  SUPPLIER_LIFE_CYCLES,
  SUPPLIER_REQUIRED_FIELDS,
  supplierArchiveSchema,
  validationMessage,
} from '@concord/shared';
import { useQuery } from '@tanstack/react-query';
import type { FormRule } from 'antd';
import { Col, Divider, Form, Input, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule, zodRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { supplierKeys, suppliersApi } from './suppliers.api.ts';

type Path = (string | number)[];
const REQUIRED = new Set<string>(SUPPLIER_REQUIRED_FIELDS);

/** The buyer's supplier classes as select options. */
export function useClassOptions() {
  const classes = useQuery({ queryKey: supplierKeys.classList(undefined), queryFn: () => suppliersApi.classes() });
  return (classes.data?.dataList ?? []).map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }));
}

/** Options of the archive's value lists, labelled in the current language. */
export function useArchiveOptions() {
  const { t } = useTranslation();
  return {
    natureOfCompany: NATURES_OF_COMPANY.map((v) => ({ value: v, label: t(`partners.natureOfCompany.${v}`) })),
    supBusinessType: SUPPLIER_BUSINESS_TYPES.map((v) => ({ value: v, label: t(`partners.businessTypes.${v}`) })),
    currency: SUPPLIER_CURRENCIES.map((v) => ({ value: v, label: t(`partners.currencies.${v}`) })),
    paymentMethod: PAYMENT_METHODS.map((v) => ({ value: v, label: t(`partners.paymentMethods.${v}`) })),
    lifeCycle: SUPPLIER_LIFE_CYCLES.map((v) => ({ value: v, label: t(`partners.lifeCycles.${v}`) })),
  };
}

/** The label of a value-list entry (or the raw value for anything unknown, e.g. an imported archive). */
export function useArchiveLabel() {
  const options = useArchiveOptions();
  return (field: string, value: unknown): string => {
    const list = (options as Record<string, { value: string; label: string }[]>)[field];
    return list?.find((o) => o.value === value)?.label ?? (value === undefined || value === null ? '' : String(value));
  };
}

const COMPANY_TEXT = [
  'fullName',
  'enterpriseAbbreviation',
  'socialCreditCode',
  'registeredCapital',
  'registeredLegalPerson',
  'supConnectPhone',
  'addressProvince',
  'addressCity',
  'businessAddress',
  'natureOfBusiness',
  'productDescription',
] as const;
const COMPANY_SELECT = ['supBusinessType', 'natureOfCompany', 'currency', 'paymentMethod'] as const;
const FINANCE = ['bankName', 'supBankAccount', 'supTaxType'] as const;
const ARCHIVE_EXTRA = [
  'ERPOfficialCode',
  'validType',
  'belongArea',
  'povincialCity',
  'supTaxCategory',
  'supPayCondition',
  'supClass1',
  'supClass2',
  'supClass3',
  'customerStatus',
] as const;
const LONG = new Set<string>(['businessAddress', 'natureOfBusiness', 'productDescription']);

/**
 * The company fields of spec §3 (registration data, and the same fields in the buyer's archive) under
 * `prefix`; the six of spec §5 are required. With `extra`, the archive-only fields follow.
 */
export function CompanyFields({ prefix, extra = false }: { prefix: Path; extra?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const options = useArchiveOptions();
  const shape = supplierArchiveSchema.shape;
  const rules = (field: string): FormRule[] =>
    field === 'socialCreditCode'
      ? [zodRule(shape.socialCreditCode, locale)]
      : REQUIRED.has(field)
        ? [requiredRule(locale)]
        : [];
  const text = (field: string) => (
    <Col xs={24} md={LONG.has(field) ? 24 : 12} key={field}>
      <Form.Item
        name={[...prefix, field]}
        label={t(`partners.archive.${field as (typeof COMPANY_TEXT)[number]}`)}
        rules={rules(field)}
      >
        {LONG.has(field) ? <Input.TextArea rows={2} maxLength={2000} /> : <Input maxLength={128} />}
      </Form.Item>
    </Col>
  );
  return (
    <>
      <Row gutter={16}>
        {COMPANY_TEXT.slice(0, 2).map(text)}
        {COMPANY_SELECT.map((field) => (
          <Col xs={24} md={12} key={field}>
            <Form.Item name={[...prefix, field]} label={t(`partners.archive.${field}`)} rules={[requiredRule(locale)]}>
              <Select options={options[field] as { value: string; label: string }[]} />
            </Form.Item>
          </Col>
        ))}
        {COMPANY_TEXT.slice(2).map(text)}
      </Row>
      <Divider titlePlacement="start" plain>
        {t('partners.sections.finance')}
      </Divider>
      <Row gutter={16}>{FINANCE.map(text)}</Row>
      {extra && (
        <>
          <Divider titlePlacement="start" plain>
            {t('partners.sections.classification')}
          </Divider>
          <Row gutter={16}>{ARCHIVE_EXTRA.map(text)}</Row>
        </>
      )}
    </>
  );
}

/** The buyer's own fields of an archive row (code, names, class, life cycle, receiver). */
export function BuyerFields({
  classOptions,
  codeRequired,
}: {
  classOptions: { value: string; label: string }[];
  codeRequired: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const options = useArchiveOptions();
  const mobileRule: FormRule = ({ getFieldValue }) => ({
    validator: async (_r, value: unknown) => {
      if (value && !isValidMobile(String(value), getFieldValue('adminMobileArea') as string)) {
        throw new Error(validationMessage('mobile', locale));
      }
    },
  });
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name="supCode"
          label={t('partners.fields.supCode')}
          rules={codeRequired ? [requiredRule(locale)] : []}
          extra={codeRequired ? undefined : t('partners.invite.supCode')}
        >
          <Input maxLength={32} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="supName" label={t('partners.fields.supName')} rules={[requiredRule(locale)]}>
          <Input maxLength={128} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="supShort" label={t('partners.fields.supShort')}>
          <Input maxLength={64} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="supplierClassId" label={t('partners.fields.supplierClass')}>
          <Select allowClear options={classOptions} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="lifeCycle" label={t('partners.fields.lifeCycle')}>
          <Select allowClear options={options.lifeCycle} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="receiverName" label={t('partners.fields.receiverName')}>
          <Input maxLength={64} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('partners.fields.adminMobile')}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="adminMobileArea" noStyle>
              <Select
                style={{ width: 90 }}
                options={MOBILE_AREAS.map((a) => ({ value: a, label: a }))}
                aria-label={t('auth.mobileArea')}
              />
            </Form.Item>
            <Form.Item name="adminMobile" noStyle dependencies={['adminMobileArea']} rules={[mobileRule]}>
              <Input maxLength={11} inputMode="numeric" aria-label={t('partners.fields.adminMobile')} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="contactEmail"
          label={t('partners.fields.contactEmail')}
          rules={[{ type: 'email', message: validationMessage('email', locale) }]}
        >
          <Input maxLength={254} />
        </Form.Item>
      </Col>
    </Row>
  );
}
