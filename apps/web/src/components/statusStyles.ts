import {
  CHK_STATE_NAMES,
  contractMachine,
  type DocumentSide,
  deliveryNoteMachine,
  inquiryMachine,
  MEMBER_STATUS,
  noticeMachine,
  noticeRecipientMachine,
  PURCHASE_ORDER_LINE_STATUS_NAMES,
  prospectMachine,
  purchaseChangeMachine,
  purchaseOrderMachine,
  qualificationMachine,
  quotationMachine,
  RECEIVING_PLAN_LINE_STATUS_NAMES,
  RECONCILIATION_LINE_STATUS_NAMES,
  RELATION_STATE_NAMES,
  receivingPlanMachine,
  reconciliationMachine,
  SYNC_STATE_NAMES,
  supplierMachine,
  urgentDeliveryMachine,
} from '@concord/shared';
import type { TFunction } from 'i18next';

/** What names status codes: a state machine (`defineMachine`), or a status set no machine moves. */
export interface StatusSet<Name extends string = string> {
  readonly names: readonly Name[];
  statusName(code: number): Name | undefined;
}

/** Statuses no machine moves: a line's (derived from the answers), a flag set by an integration. */
export function statusSet<const Name extends string>(names: readonly Name[]): StatusSet<Name> {
  return { names, statusName: (code) => (Number.isInteger(code) && names[code]) || undefined };
}

export const purchaseOrderLineStatuses = statusSet(PURCHASE_ORDER_LINE_STATUS_NAMES);
export const receivingPlanLineStatuses = statusSet(RECEIVING_PLAN_LINE_STATUS_NAMES);
export const reconciliationLineStatuses = statusSet(RECONCILIATION_LINE_STATUS_NAMES);
export const chkStates = statusSet(CHK_STATE_NAMES);
export const relationStates = statusSet(RELATION_STATE_NAMES);
export const syncStates = statusSet(SYNC_STATE_NAMES);
export const materialStatuses = statusSet(['disabled', 'enabled']);
type MemberStatusName = keyof typeof MEMBER_STATUS;
const memberStatusNames: MemberStatusName[] = [];
for (const [name, code] of Object.entries(MEMBER_STATUS)) memberStatusNames[code] = name as MemberStatusName;
/** The member statuses by code; their names are the keys of MEMBER_STATUS. */
export const memberStatuses = statusSet(memberStatusNames);

const BLACK = '#000000';
/**
 * UI.md: one colour per meaning across the product — grey draft/not sent, blue in progress/sent, orange
 * waiting for the other side, green done/confirmed, red refused/expired, purple changed/revised, black
 * blacklist/invalid; cyan a step between (partly confirmed, accepted but not yet warehoused).
 */
export const STATUS_COLOURS = [
  'default',
  'processing',
  'warning',
  'success',
  'error',
  'purple',
  'cyan',
  'green',
  BLACK,
] as const;
export type StatusColour = (typeof STATUS_COLOURS)[number];

type Named<Name extends string> = Exclude<Name, ''>;

export interface StatusStyle<Name extends string = string> {
  /** The colour of every status, by name. */
  colours: Readonly<Record<Named<Name>, StatusColour>>;
  /** The feature's own words for a status; `side` where the two parties name it differently. */
  label: (t: TFunction, name: Named<Name>, side: DocumentSide | undefined) => string;
}

const entry = <Name extends string>(set: StatusSet<Name>, style: StatusStyle<Name>) =>
  [set, style as unknown as StatusStyle] as const;

const STATUS_STYLES = new Map<StatusSet, StatusStyle>([
  entry(purchaseOrderMachine, {
    colours: {
      draft: 'default',
      sent: 'processing',
      partiallyConfirmed: 'cyan',
      counterProposed: 'warning',
      confirmed: 'success',
      closed: BLACK,
      cancelled: 'error',
    },
    label: (t, name) => t(`purchaseOrders.statuses.${name}`),
  }),
  entry(purchaseOrderLineStatuses, {
    colours: { pending: 'processing', confirmed: 'success', proposed: 'warning', cancelled: 'error' },
    label: (t, name) => t(`purchaseOrders.lineStatuses.${name}`),
  }),
  entry(purchaseChangeMachine, {
    colours: { draft: 'default', sent: 'purple', confirmed: 'success', cancelled: 'error' },
    label: (t, name) => t(`purchaseOrders.changeStatuses.${name}`),
  }),
  entry(receivingPlanMachine, {
    colours: {
      draft: 'default',
      sent: 'warning',
      partiallyConfirmed: 'processing',
      proposed: 'purple',
      confirmed: 'success',
      cancelled: 'error',
    },
    label: (t, name) => t(`receivingPlans.plans.statuses.${name}`),
  }),
  entry(receivingPlanLineStatuses, {
    colours: { pending: 'warning', confirmed: 'success', proposed: 'purple', cancelled: 'error' },
    label: (t, name) => t(`receivingPlans.plans.lineStatuses.${name}`),
  }),
  entry(urgentDeliveryMachine, {
    colours: {
      sent: 'warning',
      acknowledged: 'processing',
      answered: 'success',
      closed: 'default',
      cancelled: 'error',
    },
    label: (t, name) => t(`receivingPlans.urgent.statuses.${name}`),
  }),
  entry(deliveryNoteMachine, {
    colours: {
      notSent: 'default',
      sent: 'processing',
      arrived: 'warning',
      accepted: 'cyan',
      warehoused: 'success',
      cancelled: 'error',
    },
    // The supplier's delivery note is the buyer's receipt: "sent" to one is "in transit" to the other.
    label: (t, name, side) =>
      side === 'supplier' ? t(`deliveryNotes.groups.${name}`) : t(`receipts.statuses.${name}`),
  }),
  entry(qualificationMachine, {
    colours: {
      draft: 'default',
      toBeReplied: 'processing',
      withdrawn: 'default',
      toBeConfirmed: 'warning',
      replyWithdrawn: 'purple',
      returned: 'error',
      completed: 'success',
      invalid: BLACK,
      expired: 'error',
      expiring: 'warning',
    },
    label: (t, name) => t(`qualifications.statuses.${name}`),
  }),
  entry(noticeMachine, {
    colours: { draft: 'default', published: 'processing', withdrawn: 'warning', abolished: BLACK },
    label: (t, name) => t(`notices.statuses.${name}`),
  }),
  entry(noticeRecipientMachine, {
    colours: { unread: 'warning', read: 'processing', replied: 'success', replyRetracted: 'purple', returned: 'error' },
    label: (t, name) => t(`notices.recipientStatuses.${name}`),
  }),
  entry(prospectMachine, {
    colours: { new: 'default', underAudit: 'warning', approved: 'success', rejected: 'error', converted: 'purple' },
    label: (t, name) => t(`sourcing.states.${name}`),
  }),
  entry(supplierMachine, {
    colours: {
      notInvited: 'default',
      inProgress: 'processing',
      toBeReviewed: 'warning',
      reviewed: 'cyan',
      joined: 'success',
      blacklist: BLACK,
      invalid: BLACK,
    },
    label: (t, name) => t(`partners.inviteStates.${name}`),
  }),
  entry(chkStates, {
    colours: { pending: 'warning', approved: 'success', rejected: 'error' },
    label: (t, name) => t(`partners.chkStates.${name}`),
  }),
  entry(relationStates, {
    colours: { invalid: 'default', valid: 'success', stopped: 'error' },
    label: (t, name) => t(`partners.relationStates.${name}`),
  }),
  entry(syncStates, {
    colours: { notSynchronized: 'default', synchronizing: 'processing', synchronized: 'success' },
    label: (t, name) => t(`partners.syncStates.${name}`),
  }),
  entry(reconciliationMachine, {
    colours: {
      draft: 'default',
      sent: 'processing',
      disputed: 'error',
      counterpartConfirmed: 'warning',
      confirmed: 'success',
      cancelled: BLACK,
    },
    label: (t, name) => t(`reconciliations.statuses.${name}`),
  }),
  entry(reconciliationLineStatuses, {
    colours: { open: 'warning', agreed: 'success', disputed: 'error' },
    label: (t, name) => t(`reconciliations.lineStatuses.${name}`),
  }),
  entry(inquiryMachine, {
    colours: {
      draft: 'default',
      published: 'processing',
      closed: 'warning',
      opened: 'cyan',
      awarded: 'success',
      cancelled: 'error',
    },
    label: (t, name) => t(`inquiries.statuses.${name}`),
  }),
  entry(quotationMachine, {
    colours: {
      invited: 'default',
      drafting: 'processing',
      submitted: 'cyan',
      declined: 'warning',
      awarded: 'success',
      partlyAwarded: 'purple',
      notAwarded: 'default',
      void: 'error',
    },
    label: (t, name) => t(`inquiries.quotationStatuses.${name}`),
  }),
  entry(contractMachine, {
    colours: {
      draft: 'default',
      sent: 'warning',
      signed: 'cyan',
      returned: 'purple',
      effective: 'success',
      expired: 'error',
      terminated: BLACK,
      cancelled: 'error',
    },
    label: (t, name) => t(`contracts.statuses.${name}`),
  }),
  entry(memberStatuses, {
    colours: {
      IN_PROGRESS: 'processing',
      JOINED: 'success',
      NOT_JOINED: 'error',
      INVALID: BLACK,
      QUIT: 'default',
      RESIGNATION_UNBINDING: 'default',
    },
    label: (t, name) => t(`organization.staff.statuses.${name}`),
  }),
  entry(materialStatuses, {
    colours: { disabled: 'default', enabled: 'green' },
    label: (t, name) => t(`materials.status.${name}`),
  }),
]);

/** The colours and words of a status set; undefined for a set nobody styled (its tags show the bare code). */
export function statusStyle(set: StatusSet): StatusStyle | undefined {
  return STATUS_STYLES.get(set);
}
