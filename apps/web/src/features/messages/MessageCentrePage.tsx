import { useTranslation } from 'react-i18next';
import { MessageList } from './MessageList.tsx';

/** The message centre: contract messages, which need a reply rather than a glance. */
export function MessageCentrePage() {
  const { t } = useTranslation();
  return <MessageList kind="contract" title={t('routes.messageCentre')} />;
}
