import { contractMachine } from './contracts.states.ts';
import { deliveryNoteMachine } from './delivery-notes.states.ts';
import { inquiryMachine } from './inquiries.states.ts';
import { noticeMachine, noticeRecipientMachine } from './notices.states.ts';
import { purchaseChangeMachine, purchaseOrderMachine } from './purchase-orders.states.ts';
import { qualificationMachine } from './qualifications.states.ts';
import { quotationMachine } from './quotations.states.ts';
import { receivingPlanMachine, urgentDeliveryMachine } from './receiving-plans.states.ts';
import { reconciliationMachine } from './reconciliations.states.ts';
import { prospectMachine } from './sourcing.states.ts';
import { supplierMachine } from './suppliers.states.ts';

/**
 * Every state machine of the product, by name. `state-machines.test.ts` sweeps each one and fails
 * when the package exports a machine missing here.
 */
export const STATE_MACHINES = {
  notice: noticeMachine,
  noticeRecipient: noticeRecipientMachine,
  purchaseOrder: purchaseOrderMachine,
  purchaseChange: purchaseChangeMachine,
  qualification: qualificationMachine,
  receivingPlan: receivingPlanMachine,
  urgentDelivery: urgentDeliveryMachine,
  reconciliation: reconciliationMachine,
  prospect: prospectMachine,
  supplier: supplierMachine,
  deliveryNote: deliveryNoteMachine,
  contract: contractMachine,
  inquiry: inquiryMachine,
  quotation: quotationMachine,
} as const;
