import { z } from 'zod';
import type { Locale } from './locales.ts';
import { ACCOUNT_TEXTS } from './texts/accounts.texts.ts';
import { BASIC_DATA_TEXTS } from './texts/basic-data.texts.ts';
import { CLIENT_ERROR_TEXTS } from './texts/client-errors.texts.ts';
import { COMMON_TEXTS } from './texts/common.texts.ts';
import { CONTRACT_TEXTS } from './texts/contracts.texts.ts';
import { DELIVERY_NOTE_TEXTS } from './texts/delivery-notes.texts.ts';
import { DEPARTMENT_TEXTS } from './texts/departments.texts.ts';
import { EMPLOYEE_TEXTS } from './texts/employees.texts.ts';
import { ENTERPRISE_TEXTS } from './texts/enterprises.texts.ts';
import { INQUIRY_TEXTS } from './texts/inquiries.texts.ts';
import { MATERIAL_TEXTS } from './texts/materials.texts.ts';
import { NOTICE_TEXTS } from './texts/notices.texts.ts';
import { OPERATION_LOG_TEXTS } from './texts/operation-logs.texts.ts';
import { POSITION_TEXTS } from './texts/positions.texts.ts';
import { PURCHASE_ORDER_TEXTS } from './texts/purchase-orders.texts.ts';
import { QUALIFICATION_TEXTS } from './texts/qualifications.texts.ts';
import { QUOTATION_TEXTS } from './texts/quotations.texts.ts';
import { RECEIPT_TEXTS } from './texts/receipts.texts.ts';
import { RECEIVING_PLAN_TEXTS } from './texts/receiving-plans.texts.ts';
import { RECONCILIATION_TEXTS } from './texts/reconciliations.texts.ts';
import { SOURCING_TEXTS } from './texts/sourcing.texts.ts';
import { SUPPLIER_TEXTS } from './texts/suppliers.texts.ts';
import type { TextEntry, TextParam, TextRef } from './texts/types.ts';

export type { TextEntry, TextParam, TextRef, TextTemplate } from './texts/types.ts';

/**
 * The catalogue of everything the server writes for people to read (notifications, history and log
 * entries, e-mails, SMS, PDFs): one file per domain in `texts/`, merged here. Keys are `domain.event`.
 */
export const TEXTS = {
  ...COMMON_TEXTS,
  ...OPERATION_LOG_TEXTS,
  ...ACCOUNT_TEXTS,
  ...BASIC_DATA_TEXTS,
  ...CLIENT_ERROR_TEXTS,
  ...CONTRACT_TEXTS,
  ...DELIVERY_NOTE_TEXTS,
  ...DEPARTMENT_TEXTS,
  ...EMPLOYEE_TEXTS,
  ...ENTERPRISE_TEXTS,
  ...INQUIRY_TEXTS,
  ...MATERIAL_TEXTS,
  ...NOTICE_TEXTS,
  ...POSITION_TEXTS,
  ...PURCHASE_ORDER_TEXTS,
  ...QUALIFICATION_TEXTS,
  ...QUOTATION_TEXTS,
  ...RECEIPT_TEXTS,
  ...RECEIVING_PLAN_TEXTS,
  ...RECONCILIATION_TEXTS,
  ...SOURCING_TEXTS,
  ...SUPPLIER_TEXTS,
} as const satisfies Record<string, TextEntry>;

export type TextKey = keyof typeof TEXTS;

/** A reference to a catalogue text, typed: a key that is not in the catalogue does not compile. */
export function text(key: TextKey, params?: Record<string, TextParam>): TextRef {
  return params ? { key, params } : { key };
}

/** A sentence stored before texts had keys (and nothing else): shown as it was written. */
export const verbatim = (sentence: string): TextRef => text('common.verbatim', { text: sentence });

/** The placeholders of a template, in order of appearance. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
}

/**
 * `ref` in `locale`. A key missing from the catalogue (a row written by a newer version) reads as the
 * key itself rather than failing the whole list it is in.
 */
export function renderText(ref: TextRef, locale: Locale): string {
  const entry = (TEXTS as Record<string, TextEntry>)[ref.key];
  if (!entry) return ref.key;
  const params = ref.params ?? {};
  const chosen = entry[locale];
  const template = typeof chosen === 'string' ? chosen : Number(params.count) === 1 ? chosen.one : chosen.other;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    return typeof value === 'object' ? renderText(value, locale) : String(value);
  });
}

const textParamSchema: z.ZodType<TextParam> = z.lazy(() => z.union([z.string(), z.number(), textRefSchema]));

/** A stored text (jsonb) as read back. */
export const textRefSchema: z.ZodType<TextRef> = z.lazy(() =>
  z.object({ key: z.string(), params: z.record(z.string(), textParamSchema).optional() }),
);
