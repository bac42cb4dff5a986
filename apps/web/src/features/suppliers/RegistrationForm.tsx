import {
  type EnterpriseInfo,
  type SupplierContactInput,
  type SupplierRegistration,
  type SupplierRegistrationInput,
  supplierContactSchema,
  validationMessage,
} from '@concord/shared';
import { Alert, Col, Divider, Form, type FormInstance, Input, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { CompanyFields } from './SupplierFields.tsx';

export interface RegistrationValues {
  registration: SupplierRegistrationInput;
  contact?: Partial<SupplierContactInput>;
}

/** A first draft of the registration data from what the enterprise already says about itself. */
export function registrationDraft(
  enterprise:
    | Pick<
        EnterpriseInfo,
        'name' | 'shortName' | 'socialCreditCode' | 'legalPerson' | 'bankName' | 'bankAccount' | 'profile'
      >
    | null
    | undefined,
  saved?: Partial<SupplierRegistration>,
): Partial<SupplierRegistrationInput> {
  const fromEnterprise: Partial<SupplierRegistrationInput> = enterprise
    ? {
        fullName: enterprise.name,
        enterpriseAbbreviation: enterprise.shortName,
        socialCreditCode: enterprise.socialCreditCode,
        registeredLegalPerson: enterprise.legalPerson,
        bankName: enterprise.bankName,
        supBankAccount: enterprise.bankAccount,
        productDescription: enterprise.profile,
      }
    : {};
  return { currency: 'CNY', ...fromEnterprise, ...saved };
}

/** The contact offered with the registration, sent only when a name was given. */
export function contactOf(values: RegistrationValues): SupplierContactInput | undefined {
  const c = values.contact;
  if (!c?.name?.trim()) return undefined;
  return {
    name: c.name.trim(),
    position: c.position?.trim() ?? '',
    mobile: c.mobile?.trim() ?? '',
    email: c.email?.trim() ?? '',
  };
}

/** The registration data form (spec §5 required fields) and an optional contact person. */
export function RegistrationForm<V extends RegistrationValues>({
  form,
  initial,
  onFinish,
  withContact = true,
  header,
}: {
  form: FormInstance<V>;
  initial: Partial<SupplierRegistrationInput>;
  onFinish: (values: V) => void;
  withContact?: boolean;
  /** Fields of the calling form shown above the registration data. */
  header?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const contactShape = supplierContactSchema.shape;
  return (
    <Form form={form} layout="vertical" initialValues={{ registration: initial }} onFinish={onFinish}>
      {header}
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('partners.registration.hint')} />
      <CompanyFields prefix={['registration']} />
      {withContact && (
        <>
          <Divider titlePlacement="start" plain>
            {t('partners.registration.contact')}
          </Divider>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name={['contact', 'name']} label={t('partners.contacts.name')}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={['contact', 'position']} label={t('partners.contacts.position')}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={['contact', 'mobile']}
                label={t('partners.contacts.mobile')}
                rules={[zodRule(contactShape.mobile, locale)]}
              >
                <Input maxLength={11} inputMode="numeric" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={['contact', 'email']}
                label={t('partners.contacts.email')}
                rules={[{ type: 'email', message: validationMessage('email', locale) }]}
              >
                <Input maxLength={254} />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </Form>
  );
}
