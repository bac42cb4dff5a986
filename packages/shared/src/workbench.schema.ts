import { z } from 'zod';
import {
  dayReplySchema,
  decimalReplySchema,
  documentSideReplySchema,
  idReplySchema,
  maskable,
  moneyReplySchema,
  timestampSchema,
} from './wire.ts';

/**
 * The workbench (issue 18 §4): what waits for the caller, per side, each item a count, its first rows
 * and the link to the list that shows them. Each domain contributes its items on the server
 * (`modules/workbench`, docs/workbench.md); the keys are listed here so the web names each in three
 * languages and a key without a title fails the build.
 */
export const WORKBENCH_ITEM_KEYS = [
  'ordersToConfirm',
  'orderChangesToConfirm',
  'counterProposals',
  'plansToConfirm',
  'planProposals',
  'deliveriesArriving',
  'inspectionsPending',
  'statementsToAnswer',
  'statementsToRevise',
  'statementsToFinalize',
  'qualificationsToReply',
  'qualificationsToReview',
  'qualificationsExpiring',
  'qualificationsToRenew',
  'inquiriesToOpen',
  'contractsReturned',
  'contractsToCountersign',
  'quotationsToSubmit',
  'contractsToSign',
] as const;
export type WorkbenchItemKey = (typeof WORKBENCH_ITEM_KEYS)[number];

/** How many rows of each item the workbench shows; the link opens the rest. */
export const WORKBENCH_ROWS = 5;

/**
 * One waiting document: its number, the other party (`supName` on the buyer side, masked like every
 * supplier name; `customerName` on the supplier side), what dates it for the item — either a day
 * (`date`: the expected arrival, the first planned delivery, the end of validity) or an instant (`at`:
 * since when it waits), the other null — and its page.
 */
export const workbenchRowSchema = z.object({
  id: idReplySchema,
  documentNo: z.string(),
  supName: maskable(z.string()),
  customerName: z.string(),
  date: dayReplySchema.nullable(),
  at: timestampSchema.nullable(),
  path: z.string(),
});
export type WorkbenchRow = z.input<typeof workbenchRowSchema>;

/** A list page and the URL query its filter reads (the page's `useListFilter` fields). */
export const workbenchLinkSchema = z.object({
  path: z.string(),
  query: z.record(z.string(), z.string()),
});
export type WorkbenchLink = z.input<typeof workbenchLinkSchema>;

export const workbenchItemSchema = z.object({
  key: z.enum(WORKBENCH_ITEM_KEYS),
  side: documentSideReplySchema,
  count: z.number().int().min(0),
  link: workbenchLinkSchema,
  rows: z.array(workbenchRowSchema),
});
export type WorkbenchItem = z.input<typeof workbenchItemSchema>;

/** `GET /gateway/srm/workbench`: every item the caller may open, in a stable order. */
export const workbenchReplySchema = z.object({ items: z.array(workbenchItemSchema) });
export type WorkbenchReply = z.input<typeof workbenchReplySchema>;

// ---------------------------------------------------------------------------------------------
// The buyer cockpit

/**
 * A month's rate as the chart plots it (a double, like the reports' chart series: drawn, never computed
 * with); null when nothing was measured that month.
 */
export const cockpitRateSchema = z.object({ month: z.string(), rate: z.number().nullable() });

/** The value of open orders dated in one month, in one currency (money: masked for positions without prices). */
export const cockpitOpenValueSchema = z.object({
  month: z.string(),
  currency: z.string(),
  amount: moneyReplySchema,
  orders: z.number().int(),
});

/** A supplier whose deliveries arrived late, with its on-time figures of the period. */
export const cockpitLateSupplierSchema = z.object({
  supplierId: idReplySchema,
  supName: maskable(z.string()),
  dueQty: decimalReplySchema,
  onTimeQty: decimalReplySchema,
  onTimeRate: decimalReplySchema,
});

/**
 * `GET /gateway/srm/workbench/cockpit`: the buyer's headline figures of the period (the reports' default,
 * the current month and the five before), computed by the reports they come from.
 */
export const cockpitReplySchema = z.object({
  period: z.object({ dateFrom: dayReplySchema, dateTo: dayReplySchema }),
  onTimeRate: decimalReplySchema.nullable(),
  onTimeByMonth: z.array(cockpitRateSchema),
  qualityYield: decimalReplySchema.nullable(),
  yieldByMonth: z.array(cockpitRateSchema),
  openOrderValue: z.array(cockpitOpenValueSchema),
  lateSuppliers: z.array(cockpitLateSupplierSchema),
});
export type CockpitReply = z.input<typeof cockpitReplySchema>;
