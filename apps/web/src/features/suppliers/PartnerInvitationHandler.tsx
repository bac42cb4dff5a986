import { compRegisterSchema, PARTNER_INVITATION_PARAM } from '@concord/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/dates.ts';
import { useSession } from '../../stores/session.ts';
import { accountsApi } from '../accounts/accounts.api.ts';
import { enterEnterprise } from '../accounts/enterpriseMembership.ts';
import { contactOf, RegistrationForm, type RegistrationValues, registrationDraft } from './RegistrationForm.tsx';
import { supplierKeys, suppliersApi } from './suppliers.api.ts';

const CUSTOMER_ARCHIVE_PATH = '/sale/profile';

/**
 * The landing of a partner invitation link (/profile/index?partnerInvitation=token) for a company that
 * was not on Concord: an administrator accepts for the active enterprise; a user without an enterprise
 * creates it from the registration data and accepts in the same step.
 */
export function PartnerInvitationHandler() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get(PARTNER_INVITATION_PARAM) ?? '';
  const user = useSession((s) => s.userInfo);
  const [form] = Form.useForm<RegistrationValues>();
  const preview = useQuery({
    queryKey: supplierKeys.preview(token),
    queryFn: () => suppliersApi.preview(token),
    enabled: token.length > 0,
    meta: { silent: true },
    retry: false,
  });
  const tenant = user?.isJoin ? user.tenant : null;
  const acceptAsCurrent = !!tenant && !!user?.isAdmin;

  const accept = useMutation({
    mutationFn: async (v: RegistrationValues) => {
      if (!acceptAsCurrent) {
        const created = await accountsApi.compRegister(
          compRegisterSchema.parse({
            name: v.registration.fullName,
            shortName: v.registration.enterpriseAbbreviation,
            socialCreditCode: v.registration.socialCreditCode ?? '',
          }),
        );
        await enterEnterprise(created.tenantId);
      }
      return suppliersApi.accept({ token, registration: v.registration, contact: contactOf(v) });
    },
    meta: { form },
    onSuccess: () => {
      message.success(t('partners.partnerInvitation.accepted', { buyer: preview.data?.buyerName ?? '' }));
      navigate(CUSTOMER_ARCHIVE_PATH, { replace: true });
    },
  });

  if (!token) return null;
  if (preview.isError) {
    return (
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('partners.partnerInvitation.invalid')} />
    );
  }
  if (!preview.data) return null;
  const p = preview.data;
  return (
    <Card title={t('partners.partnerInvitation.title')} className="page-card" style={{ marginBottom: 12 }}>
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('partners.partnerInvitation.from', {
          buyer: p.buyerName,
          compNo: p.buyerCompNo,
          enterprise: p.enterpriseName,
        })}
        description={t('partners.partnerInvitation.validUntil', { time: formatDateTime(p.expiresAt) })}
      />
      {!acceptAsCurrent && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={tenant ? t('partners.partnerInvitation.notAdmin') : t('partners.partnerInvitation.createHint')}
        />
      )}
      <RegistrationForm
        form={form}
        initial={registrationDraft(null, { fullName: p.enterpriseName })}
        onFinish={(v) => accept.mutate(v)}
      />
      <Button type="primary" loading={accept.isPending} onClick={() => form.submit()}>
        {acceptAsCurrent
          ? t('partners.partnerInvitation.acceptAs', { name: tenant.name })
          : t('partners.partnerInvitation.createAndAccept')}
      </Button>
    </Card>
  );
}
