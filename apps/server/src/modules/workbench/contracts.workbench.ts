import { CONTRACT_STATUS, type ContractListItem, INQUIRY_STATUS, QUOTATION_STATUS } from '@concord/shared';
import { buyerContractLink, supplierContractLink } from '../contracts/contracts.common.ts';
import { listContracts } from '../contracts/contracts.query.ts';
import { buyerInquiryLink } from '../inquiries/inquiries.common.ts';
import { listInquiries } from '../inquiries/inquiries.query.ts';
import { supplierQuotationLink } from '../quotations/quotations.common.ts';
import { listQuotations } from '../quotations/quotations.query.ts';
import { defineWorkbenchItem, firstRows, pageOf } from './workbench.registry.ts';

/*
 * Sourcing and contracts (issues 21 and 22): contracts the buyer has to revise or countersign and the
 * supplier has to sign; inquiries whose deadline has passed, waiting for the buyer to open them; and
 * quotations the supplier has not submitted yet.
 */

const C = CONTRACT_STATUS;

/** Since when the contract waits: its last step. */
const contractRow = (path: (id: string) => string) => (d: ContractListItem) => ({
  id: d.id,
  documentNo: d.contractNo,
  supName: d.supName,
  customerName: d.customerName,
  date: null,
  at: d.updatedAt,
  path: path(d.id),
});

const contractItem = (key: 'contractsReturned' | 'contractsToCountersign' | 'contractsToSign', status: number) => {
  const side = key === 'contractsToSign' ? 'supplier' : 'buyer';
  return defineWorkbenchItem({
    key,
    side,
    permissions: side === 'buyer' ? ['PO_CON'] : ['SL_CON'],
    link: { path: side === 'buyer' ? '/contract/supplier' : '/contract/customer', query: { status: String(status) } },
    load: async (ctx, rows) =>
      pageOf(
        await listContracts(ctx, { filter: { side, statuses: [status] }, ...firstRows(rows, 'sentAt') }),
        contractRow(side === 'buyer' ? buyerContractLink : supplierContractLink),
      ),
  });
};

export const contractsReturned = contractItem('contractsReturned', C.RETURNED);
export const contractsToCountersign = contractItem('contractsToCountersign', C.SIGNED);
export const contractsToSign = contractItem('contractsToSign', C.SENT);

/** Closed inquiries: the deadline passed (or every invitee answered), the bids wait to be opened. */
export const inquiriesToOpen = defineWorkbenchItem({
  key: 'inquiriesToOpen',
  side: 'buyer',
  permissions: ['PR_ION'],
  link: { path: '/prdiversion/inquirynote', query: { status: String(INQUIRY_STATUS.CLOSED) } },
  load: async (ctx, rows) =>
    pageOf(
      await listInquiries(ctx, {
        filter: { statuses: [INQUIRY_STATUS.CLOSED] },
        ...firstRows(rows, 'quoteDeadline'),
      }),
      (d) => ({
        id: d.id,
        documentNo: d.inquiryNo,
        supName: '',
        customerName: '',
        date: null,
        at: d.quoteDeadline ?? null,
        path: buyerInquiryLink(d.id),
      }),
    ),
});

const TO_QUOTE = [QUOTATION_STATUS.INVITED, QUOTATION_STATUS.DRAFTING];

/** Quotations invited or saved but not submitted, the nearest deadline first. */
export const quotationsToSubmit = defineWorkbenchItem({
  key: 'quotationsToSubmit',
  side: 'supplier',
  permissions: ['QU_MA'],
  link: { path: '/inquiryoffer/offerin', query: { status: TO_QUOTE.join(',') } },
  load: async (ctx, rows) =>
    pageOf(
      await listQuotations(ctx, {
        filter: { side: 'supplier', statuses: TO_QUOTE },
        ...firstRows(rows, 'quoteDeadline'),
      }),
      (d) => ({
        id: d.id,
        documentNo: d.inquiryNo,
        supName: d.supName,
        customerName: d.customerName,
        date: null,
        at: d.quoteDeadline,
        path: supplierQuotationLink(d.id),
      }),
    ),
});
