import type { AcceptInvitationInput, MyInvitation } from '@concord/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/dates.ts';
import { enterEnterprise } from '../accounts/enterpriseMembership.ts';
import { staffApi, staffKeys } from './staff.api.ts';

export const INVITATION_PARAM = 'invitation';

/**
 * Invitations for the signed-in user: the one the link (?invitation=token) carries, and open ones
 * addressed to the user's own mobile or e-mail. Accepting joins the enterprise and enters it.
 */
export function MyInvitations() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get(INVITATION_PARAM) ?? '';

  const fromLink = useQuery({
    queryKey: staffKeys.preview(token),
    queryFn: () => staffApi.preview(token),
    enabled: token.length > 0,
    meta: { silent: true },
    retry: false,
  });
  const mine = useQuery({ queryKey: staffKeys.myInvitations, queryFn: staffApi.myInvitations });

  const accept = useMutation({
    mutationFn: ({ input }: { input: AcceptInvitationInput; invitation: MyInvitation }) => staffApi.accept(input),
    onSuccess: async (result, { invitation }) => {
      message.success(t('organization.invitations.accepted', { name: invitation.enterpriseName }));
      await enterEnterprise(result.tenantId);
      navigate('/enterpriseinformation', { replace: true });
    },
  });

  const others = (mine.data ?? []).filter((i) => i.id !== fromLink.data?.id);
  if (!token && others.length === 0) return null;

  const acceptButton = (invitation: MyInvitation, input: AcceptInvitationInput) => (
    <Button
      type="primary"
      loading={accept.isPending && accept.variables?.invitation.id === invitation.id}
      onClick={() => accept.mutate({ input, invitation })}
    >
      {t('organization.invitations.accept')}
    </Button>
  );

  return (
    <Card title={t('organization.invitations.title')} className="page-card" style={{ marginBottom: 12 }}>
      {token && fromLink.isError && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('organization.invitations.linkInvalid')} />
      )}
      {fromLink.data && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: others.length ? 12 : 0 }}
          title={t('organization.invitations.fromLink', {
            name: fromLink.data.enterpriseName,
            compNo: fromLink.data.compNo,
          })}
          description={t('organization.invitations.validUntil', { time: formatDateTime(fromLink.data.expiresAt) })}
          action={acceptButton(fromLink.data, { token })}
        />
      )}
      {others.map((invitation) => (
        <Flex key={invitation.id} justify="space-between" align="center" gap={12} wrap style={{ padding: '8px 0' }}>
          <div>
            <Typography.Text strong>{`${invitation.enterpriseName} (${invitation.compNo})`}</Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {t('organization.invitations.validUntil', { time: formatDateTime(invitation.expiresAt) })}
            </Typography.Text>
          </div>
          {acceptButton(invitation, { invitationId: invitation.id })}
        </Flex>
      ))}
    </Card>
  );
}
