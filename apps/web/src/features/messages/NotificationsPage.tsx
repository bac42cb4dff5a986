import { useTranslation } from 'react-i18next';
import { MessageList } from './MessageList.tsx';

export function NotificationsPage() {
  const { t } = useTranslation();
  return <MessageList title={t('routes.notifications')} />;
}
