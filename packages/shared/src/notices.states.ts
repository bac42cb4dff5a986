import type { PermissionCode } from './permissions.ts';
import { defineMachine, type MachineRow } from './state-machine.ts';

/**
 * Notices to suppliers (spec §2 /supplier/newannounce, §4 notice statuses). The buyer owns the notice;
 * each addressed supplier has a recipient row it reads and answers. Every state change is one of the
 * rows below: the server runs `UPDATE … WHERE status IN (from)` and the web builds its buttons from
 * the same rows, so a screen never offers what the server refuses.
 */
export const NOTICE_STATUS = { DRAFT: 0, PUBLISHED: 1, WITHDRAWN: 2, ABOLISHED: 3 } as const;
export type NoticeStatus = (typeof NOTICE_STATUS)[keyof typeof NOTICE_STATUS];
export const NOTICE_STATUS_NAMES = ['draft', 'published', 'withdrawn', 'abolished'] as const;
export type NoticeStatusName = (typeof NOTICE_STATUS_NAMES)[number];

/** A supplier's copy of a notice. */
export const NOTICE_RECIPIENT_STATUS = { UNREAD: 0, READ: 1, REPLIED: 2, REPLY_RETRACTED: 3, RETURNED: 4 } as const;
export type NoticeRecipientStatus = (typeof NOTICE_RECIPIENT_STATUS)[keyof typeof NOTICE_RECIPIENT_STATUS];
export const NOTICE_RECIPIENT_STATUS_NAMES = ['unread', 'read', 'replied', 'replyRetracted', 'returned'] as const;
export type NoticeRecipientStatusName = (typeof NOTICE_RECIPIENT_STATUS_NAMES)[number];

export type NoticeSide = 'buyer' | 'supplier';

export interface NoticeTransition<Action extends string, Status extends number> extends MachineRow<Status> {
  action: Action;
  to: Status;
  side: NoticeSide;
  permission: PermissionCode;
}

export const NOTICE_ACTIONS = ['publish', 'withdraw', 'abolish'] as const;
export type NoticeAction = (typeof NOTICE_ACTIONS)[number];

const N = NOTICE_STATUS;
export const NOTICE_TRANSITIONS: readonly NoticeTransition<NoticeAction, NoticeStatus>[] = [
  // A withdrawn notice is "to be published" again (spec §4 "publication withdrawn/to be published").
  { action: 'publish', from: [N.DRAFT, N.WITHDRAWN], to: N.PUBLISHED, side: 'buyer', permission: 'PO_SUP_CAT_ADD' },
  { action: 'withdraw', from: [N.PUBLISHED], to: N.WITHDRAWN, side: 'buyer', permission: 'PO_SUP_CAT_ADD' },
  {
    action: 'abolish',
    from: [N.DRAFT, N.PUBLISHED, N.WITHDRAWN],
    to: N.ABOLISHED,
    side: 'buyer',
    permission: 'PO_SUP_CAT_ADD',
  },
];

/** States in which the buyer may still change the content and the recipients. */
export const NOTICE_EDITABLE_STATUSES: readonly NoticeStatus[] = [N.DRAFT, N.WITHDRAWN];

export const NOTICE_RECIPIENT_ACTIONS = ['read', 'reply', 'retract', 'return'] as const;
export type NoticeRecipientAction = (typeof NOTICE_RECIPIENT_ACTIONS)[number];

const R = NOTICE_RECIPIENT_STATUS;
export const NOTICE_RECIPIENT_TRANSITIONS: readonly NoticeTransition<NoticeRecipientAction, NoticeRecipientStatus>[] = [
  { action: 'read', from: [R.UNREAD], to: R.READ, side: 'supplier', permission: 'SL_CUS' },
  {
    action: 'reply',
    from: [R.UNREAD, R.READ, R.REPLY_RETRACTED, R.RETURNED],
    to: R.REPLIED,
    side: 'supplier',
    permission: 'SL_CUS',
  },
  { action: 'retract', from: [R.REPLIED], to: R.REPLY_RETRACTED, side: 'supplier', permission: 'SL_CUS' },
  { action: 'return', from: [R.REPLIED], to: R.RETURNED, side: 'buyer', permission: 'PO_SUP_CAT_EDIT' },
];

/** Recipient actions are possible only while the notice itself is published. */
export const NOTICE_OPEN_FOR_REPLIES: NoticeStatus = N.PUBLISHED;

export const noticeMachine = defineMachine({
  statuses: NOTICE_STATUS,
  names: NOTICE_STATUS_NAMES,
  transitions: NOTICE_TRANSITIONS,
  entered: { initial: [N.DRAFT] },
});

export const noticeRecipientMachine = defineMachine({
  statuses: NOTICE_RECIPIENT_STATUS,
  names: NOTICE_RECIPIENT_STATUS_NAMES,
  transitions: NOTICE_RECIPIENT_TRANSITIONS,
  entered: { initial: [R.UNREAD] },
});

/**
 * The recipient rows offered as buttons on a notice in `noticeStatus` (the `also` of
 * `noticeRecipientMachine.available`): none unless the notice is published, and never `read`, which
 * opening the copy takes.
 */
export const offeredOnNotice =
  (noticeStatus: number) =>
  (t: NoticeTransition<NoticeRecipientAction, NoticeRecipientStatus>): boolean =>
    noticeStatus === NOTICE_OPEN_FOR_REPLIES && t.action !== 'read';
