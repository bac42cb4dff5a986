import { DELIVERY_NOTE_STATUS_NAMES } from '@concord/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** UI.md colours: grey not sent, blue in transit, orange arrived (being received), green accepted and warehoused, red cancelled. */
export const NOTE_STATUS_COLOURS = ['default', 'processing', 'warning', 'cyan', 'success', 'error'] as const;

export function NoticeStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const name = DELIVERY_NOTE_STATUS_NAMES[status];
  return name ? <Tag color={NOTE_STATUS_COLOURS[status]}>{t(`receipts.statuses.${name}`)}</Tag> : <Tag>{status}</Tag>;
}
