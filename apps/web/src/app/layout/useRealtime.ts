import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loginRedirectPath } from '../../api/http.ts';
import { RealtimeClient, realtimeUrl } from '../../api/realtime.ts';
import { clearLocalSession } from '../../features/accounts/session.ts';
import { messageKeys } from '../../features/messages/messages.api.ts';
import { useSession } from '../../stores/session.ts';

/** One socket per signed-in enterprise: pushes update the unread badge and raise a notification. */
export function useRealtime(): void {
  const token = useSession((s) => s.token);
  const tenantId = useSession((s) => s.tenantId);
  const isJoin = useSession((s) => s.userInfo?.isJoin ?? false);
  const queryClient = useQueryClient();
  const { notification, message } = App.useApp();
  const { t } = useTranslation();

  useEffect(() => {
    if (!token || !tenantId || !isJoin) return;
    const client = new RealtimeClient(realtimeUrl(token, tenantId), {
      onPush: (push) => {
        queryClient.setQueryData(messageKeys.count, push.count);
        if (push.type === 'message') {
          notification.info({ title: t('messages.newMessage'), description: push.title, placement: 'topRight' });
          void queryClient.invalidateQueries({ queryKey: ['messages', 'list'] });
        }
      },
      onGiveUp: () => {
        // Spec §8: a socket lost after every retry logs out and returns to login with a reload.
        message.warning(t('realtime.lost'));
        const target = loginRedirectPath();
        clearLocalSession();
        setTimeout(() => window.location.assign(target), 1500);
      },
    });
    client.start();
    return () => client.stop();
  }, [token, tenantId, isJoin, queryClient, notification, message, t]);
}
