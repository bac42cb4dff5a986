import { DELIVERY_NOTE_STATUS, type DeliveryNoteListItem } from '@concord/shared';
import { buyerNoticeLink } from '../delivery-notes/delivery-notes.common.ts';
import { listNotes } from '../delivery-notes/delivery-notes.service.ts';
import { defineWorkbenchItem, firstRows, pageOf } from './workbench.registry.ts';

/*
 * The buyer's delivery notices (/recemanage/receipt, whose `tab` picks a status group): goods on their
 * way, the earliest expected first, and goods that arrived and wait to be received and inspected.
 */

const D = DELIVERY_NOTE_STATUS;
const NOTICES = ['RE_MAN', 'RE_IPT'] as const;

const noticeRow = (n: DeliveryNoteListItem) => ({
  id: n.id,
  documentNo: n.noteNo,
  supName: n.supName,
  customerName: n.customerName,
  date: null,
  at: null,
  path: buyerNoticeLink(n.id),
});

export const deliveriesArriving = defineWorkbenchItem({
  key: 'deliveriesArriving',
  side: 'buyer',
  permissions: NOTICES,
  link: { path: '/recemanage/receipt', query: { tab: 'sent' } },
  load: async (ctx, rows) =>
    pageOf(
      await listNotes(ctx, { filter: { side: 'buyer', statuses: [D.SENT] }, ...firstRows(rows, 'expectedDate') }),
      (n) => ({ ...noticeRow(n), date: n.expectedDate }),
    ),
});

export const inspectionsPending = defineWorkbenchItem({
  key: 'inspectionsPending',
  side: 'buyer',
  permissions: NOTICES,
  link: { path: '/recemanage/receipt', query: { tab: 'arrived' } },
  load: async (ctx, rows) =>
    pageOf(
      await listNotes(ctx, { filter: { side: 'buyer', statuses: [D.ARRIVED] }, ...firstRows(rows, 'expectedDate') }),
      (n) => ({ ...noticeRow(n), at: n.arrivedAt ?? null }),
    ),
});
