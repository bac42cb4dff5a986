import {
  contractsReturned,
  contractsToCountersign,
  contractsToSign,
  inquiriesToOpen,
  quotationsToSubmit,
} from './contracts.workbench.ts';
import { deliveriesArriving, inspectionsPending } from './delivery-notes.workbench.ts';
import { counterProposals, orderChangesToConfirm, ordersToConfirm } from './purchase-orders.workbench.ts';
import {
  qualificationsExpiring,
  qualificationsToRenew,
  qualificationsToReply,
  qualificationsToReview,
} from './qualifications.workbench.ts';
import { planProposals, plansToConfirm } from './receiving-plans.workbench.ts';
import { statementItems } from './reconciliations.workbench.ts';
import type { WorkbenchItemDefinition } from './workbench.registry.ts';

/**
 * Every item of the workbench, listed explicitly (as modules.ts lists the modules): a domain adds its
 * items here once it defines them (docs/workbench.md). The order is the order on screen within a side:
 * the document chain from order to statement, then qualifications.
 */
export const WORKBENCH_ITEMS: readonly WorkbenchItemDefinition[] = [
  counterProposals,
  planProposals,
  deliveriesArriving,
  inspectionsPending,
  ordersToConfirm,
  orderChangesToConfirm,
  plansToConfirm,
  ...statementItems,
  qualificationsToReview,
  qualificationsExpiring,
  qualificationsToReply,
  qualificationsToRenew,
  inquiriesToOpen,
  contractsReturned,
  contractsToCountersign,
  quotationsToSubmit,
  contractsToSign,
];
