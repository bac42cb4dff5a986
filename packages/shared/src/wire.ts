import { z } from 'zod';
import { MASK } from './organization.ts';

/**
 * The value schemas every reply is built from (issue 15 §5). A reply schema describes the wire: what
 * the web app and an API client receive. Where the database hands the server another form of the same
 * value (PostgreSQL's `2026-11-26 09:11:00+08` text, a driver's `Date`), a codec turns it into the
 * wire form while the reply is serialized, so no handler formats a timestamp by hand.
 */

/** `2026-11-26 01:11:00.123+00`, `…+05:30`, `…-08` (PostgreSQL text), ISO 8601, or a `Date`: one instant. */
export function instantOf(value: string | Date): Date {
  if (value instanceof Date) return value;
  const iso = value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  return new Date(iso);
}

/** RFC 3339 in UTC with milliseconds, `2026-11-26T01:11:00.000Z`: the one way an instant leaves the server. */
export function toRfc3339(value: string | Date): string {
  const at = instantOf(value);
  if (Number.isNaN(at.getTime())) throw new Error('not an instant');
  return at.toISOString();
}

/**
 * An instant on the wire. The server side holds what the database returns (drizzle hands timestamps
 * over as PostgreSQL text, raw queries included); the reply carries RFC 3339 UTC. The web app formats
 * it in the reader's time zone. The server-side schema carries the wire's format for the OpenAPI
 * document, which describes the server's output.
 */
export const timestampSchema = z.codec(z.iso.datetime({ offset: false }), z.string().meta({ format: 'date-time' }), {
  decode: (wire) => wire,
  encode: (value) => toRfc3339(value),
});

/** A calendar day on the wire, `yyyy-MM-dd` (PostgreSQL `date` columns in string mode). */
export const dayReplySchema = z.iso.date();

/** An app-made 64-bit id in a reply: a decimal string (JSON numbers lose precision past 2^53). */
export const idReplySchema = z.string().regex(/^\d{1,19}$/);

/** Numeric columns travel as decimal strings: `"1234.50"`, never a JSON number (ARCHITECTURE §9). */
export const decimalReplySchema = z.string().regex(/^-?\d+(\.\d+)?$/);

/**
 * A price or an amount (any field whose name says price or amount, platform/masking.ts): a decimal string,
 * or `***` where the viewer's position hides prices. The contract test refuses a money field without it.
 */
export const moneyReplySchema = z.union([decimalReplySchema, z.literal(MASK)]);

/** Another value the viewer's position may hide (a supplier name, a count named like money): it or `***`. */
export const maskable = <T extends z.ZodType>(value: T) => z.union([value, z.literal(MASK)]);

/** One of the values of a status or kind table (`PURCHASE_ORDER_STATUS`): `z.literal` of all of them. */
export const oneOfReplySchema = <const T extends Record<string, string | number>>(table: T) =>
  z.literal(Object.values(table) as T[keyof T][]);

/** Which party of a two-party document: the buyer (owner) or the supplier. */
export const documentSideReplySchema = z.enum(['buyer', 'supplier']);

/** One entry of a two-party document's history (`historyOfDocument`): who did what and when, on which side. */
/**
 * One step of a document's history as its reader sees it (issue 17): the person by name, the
 * enterprise that took the step (`own` when it is the reader's), what was done in the reader's language.
 */
export const documentHistoryEntrySchema = z.object({
  at: timestampSchema,
  side: documentSideReplySchema,
  actor: z.string(),
  own: z.boolean(),
  party: z.string(),
  summary: z.string(),
});
export type DocumentHistoryEntry = z.input<typeof documentHistoryEntrySchema>;

/** The reply of a step that returns nothing. */
export const noReplySchema = z.null();

/** One page of a `POST …/list` (ARCHITECTURE §4). */
export const pageReplySchema = <T extends z.ZodType>(row: T) =>
  z.object({ dataList: z.array(row), totalCount: z.number().int().nonnegative() });

/** Every JSON reply of the API: `{code: 0, msg, data}`; errors use the same envelope with `code: 1`. */
export const envelopeSchema = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(0), msg: z.string(), data });

/** The error envelope (spec error catalogue): `errorCode` is stable, `msg` is in the reader's language. */
export const errorEnvelopeSchema = z.object({
  code: z.literal(1),
  msg: z.string(),
  errorCode: z.string(),
  data: z.unknown().optional(),
});

/** The wire type of a reply schema: what the web app reads. */
export type Wire<T extends z.ZodType> = z.input<T>;
