import {
  computeFileDqDate,
  QUALIFICATION_EDITABLE_STATUSES,
  QUALIFICATION_STATUS,
  type QualificationAction,
  type QualificationDetail,
  type QualificationStatus,
  qualificationMachine,
  type UploadedFileRef,
} from '@concord/shared';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../lib/dates.ts';
import { BUYER_LIST_PATH, buyerDetailPath, SUPPLIER_LIST_PATH, supplierDetailPath } from './qualifications.api.ts';

/** Today as the user's calendar sees it (`yyyy-MM-dd`). */
export const todayLocal = () => dayjs().format(DATE_FORMAT);

/** Whole calendar days from `today` to `date` (negative once past); both `yyyy-MM-dd`. */
export function daysUntil(date: string, today = todayLocal()): number {
  return Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000);
}

const S = QUALIFICATION_STATUS;
/** Statuses whose due date is a live one: the document is (or was) accepted and counts down. */
const COUNTING: readonly number[] = [S.COMPLETED, S.EXPIRING, S.EXPIRED];

/** What the due-date cell says next to the date. */
export function dueHint(
  doc: { status: number; fileDqDate: string | null },
  expiringDays: number,
  today = todayLocal(),
): { kind: 'left' | 'overdue'; days: number; urgent: boolean } | null {
  if (!doc.fileDqDate || !COUNTING.includes(doc.status)) return null;
  const days = daysUntil(doc.fileDqDate, today);
  if (days < 0) return { kind: 'overdue', days: -days, urgent: true };
  // Marked expired by a check run as of a later day (the demo's faked clock): no countdown beside it.
  if (doc.status === S.EXPIRED) return null;
  return { kind: 'left', days, urgent: days <= expiringDays };
}

/** A button of a document: a row of the transition table, or editing the request itself. */
export type DocumentAction = QualificationAction | 'edit';

const BUYER_WRITE = 'PO_SUP_RZ';

/** The buttons one side holding `can` sees on a document in `status`: the shared table, plus edit while editable. */
export function documentActions(side: Side, status: number, can: (code: string) => boolean): DocumentAction[] {
  const actions: DocumentAction[] = qualificationMachine.available(side, status, can);
  if (side === 'buyer' && QUALIFICATION_EDITABLE_STATUSES.includes(status as QualificationStatus) && can(BUYER_WRITE)) {
    actions.push('edit');
  }
  return actions;
}

// ---------------------------------------------------------------------------------------------
// The supplier's reply

export interface ReplyValues {
  attachments: UploadedFileRef[];
  documentCode: string;
  buildDate: string | null;
  /** Only asked for a 'date' validity: the expiry printed on the certificate. */
  fileDqDate: string | null;
}

export type ReplyProblem =
  | { field: 'attachments'; key: 'needFiles'; count: number }
  | { field: 'buildDate'; key: 'buildDateFuture' | 'alreadyExpired' }
  | { field: 'fileDqDate'; key: 'required' | 'dueAfterBuild' | 'alreadyExpired' };

type ReplyDoc = Pick<QualificationDetail, 'validityType' | 'fileDqDate' | 'validQuantity'>;

/**
 * The expiry date the reply gives the document, as the server computes it: build date plus 1, 3 or 5
 * years, none for long-term, the stated date for a specified one (a first reply may keep the date the
 * request set; a renewal states its own).
 */
export function replyDueDate(doc: ReplyDoc, action: 'reply' | 'renew', values: ReplyValues): string | null {
  if (!values.buildDate) return null;
  const specified = values.fileDqDate ?? (action === 'reply' ? doc.fileDqDate : null);
  return computeFileDqDate(doc.validityType, values.buildDate, specified);
}

/** The checks the server makes on a reply, so the form says the same before sending it. */
export function replyProblems(
  doc: ReplyDoc,
  action: 'reply' | 'renew',
  values: ReplyValues,
  today = todayLocal(),
): ReplyProblem[] {
  const problems: ReplyProblem[] = [];
  if (values.attachments.length < Math.max(1, doc.validQuantity)) {
    problems.push({ field: 'attachments', key: 'needFiles', count: Math.max(1, doc.validQuantity) });
  }
  if (!values.buildDate) return problems;
  if (values.buildDate > today) {
    problems.push({ field: 'buildDate', key: 'buildDateFuture' });
    return problems;
  }
  const due = replyDueDate(doc, action, values);
  if (doc.validityType === 'date') {
    if (!due) problems.push({ field: 'fileDqDate', key: 'required' });
    else if (due <= values.buildDate) problems.push({ field: 'fileDqDate', key: 'dueAfterBuild' });
    else if (due < today) problems.push({ field: 'fileDqDate', key: 'alreadyExpired' });
  } else if (due && due < today) {
    problems.push({ field: 'buildDate', key: 'alreadyExpired' });
  }
  return problems;
}

/** The reply action open to the supplier on this document, if any (reply before acceptance, renew after). */
export function replyActionOf(actions: readonly string[]): 'reply' | 'renew' | null {
  if (actions.includes('reply')) return 'reply';
  if (actions.includes('renew')) return 'renew';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Where a document opens

export type Side = 'buyer' | 'supplier';

export const SUPPLIER_ARCHIVE_PATH = '/supplier/supfile';
export const supplierArchiveTabPath = (supId: string) => `/supplier/supfile/detail?id=${supId}&tab=qualifications`;

/**
 * The detail routes of spec §2 that show one document: the qualification page's own, the supplier
 * archive's and the sourcing page's (buyer), the customer side's and the material-customer page's
 * (supplier). Each knows its side and where "back" goes.
 */
export const DETAIL_ROUTES: Record<string, { side: Side; back: (params: URLSearchParams) => string }> = {
  '/supplier/qualification/detail': { side: 'buyer', back: () => BUYER_LIST_PATH },
  '/supplier/supfile/detail-qualifications': {
    side: 'buyer',
    back: (p) => (p.get('supId') ? supplierArchiveTabPath(p.get('supId')!) : SUPPLIER_ARCHIVE_PATH),
  },
  '/purchase/sourcing/detail-qualifications': { side: 'buyer', back: () => '/purchase/sourcing' },
  '/sale/customer/detail': { side: 'supplier', back: () => SUPPLIER_LIST_PATH },
  '/sale/prod-customer/detail-qualifications': { side: 'supplier', back: () => '/sale/prod-customer' },
};

/** The detail of a document opened from a page: the same family of routes (archive, sourcing) where there is one. */
export function detailPathFrom(pathname: string, id: string, supId?: string | null): string {
  if (pathname.startsWith('/supplier/supfile')) {
    return `/supplier/supfile/detail-qualifications?id=${id}${supId ? `&supId=${supId}` : ''}`;
  }
  if (pathname.startsWith('/purchase/sourcing')) return `/purchase/sourcing/detail-qualifications?id=${id}`;
  if (pathname.startsWith('/sale/prod-customer')) return `/sale/prod-customer/detail-qualifications?id=${id}`;
  if (pathname.startsWith('/sale')) return supplierDetailPath(id);
  return buyerDetailPath(id);
}
