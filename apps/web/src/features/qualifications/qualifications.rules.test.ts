import {
  QUALIFICATION_STATUS,
  QUALIFICATION_STATUS_NAMES,
  QUALIFICATION_TRANSITIONS,
  type QualificationStatus,
} from '@concord/shared';
import { describe, expect, it } from 'vitest';
import {
  DETAIL_ROUTES,
  detailPathFrom,
  documentActions,
  dueHint,
  replyDueDate,
  replyProblems,
} from './qualifications.rules.ts';

const S = QUALIFICATION_STATUS;
const STATUSES = QUALIFICATION_STATUS_NAMES.map((_n, code) => code as QualificationStatus);
const everything = () => true;

describe('documentActions', () => {
  it('offers each side exactly the rows of the shared transition table that start from the status', () => {
    for (const side of ['buyer', 'supplier'] as const) {
      for (const status of STATUSES) {
        const fromTable = QUALIFICATION_TRANSITIONS.filter(
          (t) => t.side === side && (t.from as readonly number[]).includes(status),
        ).map((t) => t.action);
        const shown = documentActions(side, status, everything).filter((a) => a !== 'edit');
        expect(shown, `${side} at ${QUALIFICATION_STATUS_NAMES[status]}`).toEqual(fromTable);
      }
    }
  });

  it('adds edit for the buyer on a draft or withdrawn request only', () => {
    const editable = STATUSES.filter((s) => documentActions('buyer', s, everything).includes('edit'));
    expect(editable).toEqual([S.DRAFT, S.WITHDRAWN]);
    expect(STATUSES.some((s) => documentActions('supplier', s, everything).includes('edit'))).toBe(false);
  });

  it('shows examples as a user meets them', () => {
    expect(documentActions('buyer', S.TO_BE_CONFIRMED, everything)).toEqual(['pass', 'fail', 'invalidate']);
    expect(documentActions('supplier', S.TO_BE_CONFIRMED, everything)).toEqual(['withdrawReply']);
    expect(documentActions('supplier', S.RETURNED, everything)).toEqual(['reply']);
    expect(documentActions('supplier', S.EXPIRING, everything)).toEqual(['renew']);
    expect(documentActions('buyer', S.INVALID, everything)).toEqual([]);
  });

  it('offers nothing to a side without the permission of the row', () => {
    const onlyArchive = (code: string) => code === 'PO_SUP_ARC';
    for (const status of STATUSES) expect(documentActions('buyer', status, onlyArchive)).toEqual([]);
    const buyerCodes = (code: string) => code === 'PO_SUP_RZ';
    for (const status of STATUSES) expect(documentActions('supplier', status, buyerCodes)).toEqual([]);
  });
});

describe('dueHint', () => {
  const today = '2027-03-01';
  it('counts days left on accepted documents and warns inside the window', () => {
    expect(dueHint({ status: S.COMPLETED, fileDqDate: '2027-05-30' }, 30, today)).toEqual({
      kind: 'left',
      days: 90,
      urgent: false,
    });
    expect(dueHint({ status: S.EXPIRING, fileDqDate: '2027-03-21' }, 30, today)).toEqual({
      kind: 'left',
      days: 20,
      urgent: true,
    });
    expect(dueHint({ status: S.EXPIRED, fileDqDate: '2027-02-14' }, 30, today)).toEqual({
      kind: 'overdue',
      days: 15,
      urgent: true,
    });
  });

  it('counts nothing down on a document marked expired before its date', () => {
    expect(dueHint({ status: S.EXPIRED, fileDqDate: '2027-05-30' }, 30, today)).toBeNull();
  });

  it('says nothing for long-term documents or requests not yet accepted', () => {
    expect(dueHint({ status: S.COMPLETED, fileDqDate: null }, 30, today)).toBeNull();
    expect(dueHint({ status: S.TO_BE_REPLIED, fileDqDate: '2027-02-14' }, 30, today)).toBeNull();
  });
});

describe('the reply checks', () => {
  const today = '2027-03-01';
  const oneYear = { validityType: '1' as const, fileDqDate: null, validQuantity: 2 };
  const file = { name: 'iso.pdf', url: '/gateway/system/oss/file/0123456789abcdef0123456789abcdef.pdf' };
  const values = { attachments: [file, file], documentCode: 'CN-1', buildDate: '2026-06-01', fileDqDate: null };

  it('accepts a complete reply and gives the due date the server will compute', () => {
    expect(replyProblems(oneYear, 'reply', values, today)).toEqual([]);
    expect(replyDueDate(oneYear, 'reply', values)).toBe('2027-06-01');
    expect(replyDueDate({ ...oneYear, validityType: 'long' }, 'reply', values)).toBeNull();
  });

  it('asks for as many files as the document wants', () => {
    expect(replyProblems(oneYear, 'reply', { ...values, attachments: [file] }, today)).toEqual([
      { field: 'attachments', key: 'needFiles', count: 2 },
    ]);
  });

  it('refuses a build date in the future, and a document already expired', () => {
    expect(replyProblems(oneYear, 'reply', { ...values, buildDate: '2027-03-02' }, today)).toEqual([
      { field: 'buildDate', key: 'buildDateFuture' },
    ]);
    expect(replyProblems(oneYear, 'reply', { ...values, buildDate: '2026-02-01' }, today)).toEqual([
      { field: 'buildDate', key: 'alreadyExpired' },
    ]);
  });

  it('takes the date of a "date" document from the reply, else from the request, never for a renewal', () => {
    const dated = { validityType: 'date' as const, fileDqDate: '2027-12-31', validQuantity: 1 };
    const one = { ...values, attachments: [file] };
    expect(replyProblems(dated, 'reply', one, today)).toEqual([]);
    expect(replyDueDate(dated, 'reply', one)).toBe('2027-12-31');
    expect(replyProblems(dated, 'renew', one, today)).toEqual([{ field: 'fileDqDate', key: 'required' }]);
    expect(replyProblems(dated, 'renew', { ...one, fileDqDate: '2026-05-01' }, today)).toEqual([
      { field: 'fileDqDate', key: 'dueAfterBuild' },
    ]);
    expect(replyProblems(dated, 'renew', { ...one, fileDqDate: '2027-02-01' }, today)).toEqual([
      { field: 'fileDqDate', key: 'alreadyExpired' },
    ]);
  });
});

describe('detail routes', () => {
  it('know their side and keep a list in its family', () => {
    expect(Object.entries(DETAIL_ROUTES).map(([path, r]) => [path, r.side])).toEqual([
      ['/supplier/qualification/detail', 'buyer'],
      ['/supplier/supfile/detail-qualifications', 'buyer'],
      ['/purchase/sourcing/detail-qualifications', 'buyer'],
      ['/sale/customer/detail', 'supplier'],
      ['/sale/prod-customer/detail-qualifications', 'supplier'],
    ]);
    expect(detailPathFrom('/supplier/supfile/detail', '7', '3')).toBe(
      '/supplier/supfile/detail-qualifications?id=7&supId=3',
    );
    expect(detailPathFrom('/supplier/qualification', '7')).toBe('/supplier/qualification/detail?id=7');
    expect(detailPathFrom('/sale/customer/qualification', '7')).toBe('/sale/customer/detail?id=7');
    expect(DETAIL_ROUTES['/supplier/supfile/detail-qualifications']!.back(new URLSearchParams('id=7&supId=3'))).toBe(
      '/supplier/supfile/detail?id=3&tab=qualifications',
    );
  });
});
