import { NOTICE_RECIPIENT_STATUS_NAMES, NOTICE_STATUS_NAMES } from '@concord/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** UI.md colours: grey draft, blue sent, orange waiting, green done, red returned, purple revised, black void. */
const NOTICE_COLOURS = ['default', 'processing', 'warning', '#000000'] as const;
const RECIPIENT_COLOURS = ['warning', 'processing', 'success', 'purple', 'error'] as const;

export function NoticeStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const name = NOTICE_STATUS_NAMES[status];
  if (!name) return <Tag>{status}</Tag>;
  return <Tag color={NOTICE_COLOURS[status]}>{t(`notices.statuses.${name}`)}</Tag>;
}

export function RecipientStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const name = NOTICE_RECIPIENT_STATUS_NAMES[status];
  if (!name) return <Tag>{status}</Tag>;
  return <Tag color={RECIPIENT_COLOURS[status]}>{t(`notices.recipientStatuses.${name}`)}</Tag>;
}
