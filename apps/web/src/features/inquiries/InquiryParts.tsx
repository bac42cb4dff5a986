import { inquiryMachine, quotationMachine } from '@concord/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

type Colour = 'default' | 'processing' | 'warning' | 'success' | 'error' | 'cyan' | 'purple';

const INQUIRY_COLOURS: Record<string, Colour> = {
  draft: 'default',
  published: 'processing',
  closed: 'warning',
  opened: 'cyan',
  awarded: 'success',
  cancelled: 'error',
};
const QUOTATION_COLOURS: Record<string, Colour> = {
  invited: 'default',
  drafting: 'processing',
  submitted: 'cyan',
  declined: 'warning',
  awarded: 'success',
  partlyAwarded: 'purple',
  notAwarded: 'default',
  void: 'error',
};

/** An inquiry's status named by its machine (packages/shared inquiries.states.ts). */
export function InquiryStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const name = inquiryMachine.statusName(status);
  if (!name) return <Tag>{status}</Tag>;
  return <Tag color={INQUIRY_COLOURS[name]}>{t(`inquiries.statuses.${name}`)}</Tag>;
}

/** A quotation's status named by its machine (packages/shared quotations.states.ts). */
export function QuotationStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const name = quotationMachine.statusName(status);
  if (!name) return <Tag>{status}</Tag>;
  return <Tag color={QUOTATION_COLOURS[name]}>{t(`inquiries.quotationStatuses.${name}`)}</Tag>;
}
