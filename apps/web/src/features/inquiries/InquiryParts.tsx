import { inquiryMachine, quotationMachine } from '@concord/shared';
import { StatusTag } from '../../components/StatusTag.tsx';

/** An inquiry's status, coloured and named as components/statusStyles.ts has it. */
export function InquiryStatusTag({ status }: { status: number }) {
  return <StatusTag machine={inquiryMachine} status={status} />;
}

/** A quotation's status, coloured and named as components/statusStyles.ts has it. */
export function QuotationStatusTag({ status }: { status: number }) {
  return <StatusTag machine={quotationMachine} status={status} />;
}
