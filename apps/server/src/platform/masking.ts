import { MASK, SUPPLIER_NAME_FIELDS } from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import type { Auth } from './context.ts';

/**
 * Any field whose name speaks of a price or an amount is money. Matching by name rather than by a
 * hand-kept list means a new module cannot forget to register its money fields; booleans such as a
 * position's `showPrice` flag are not money and stay readable.
 */
const MONEY = /price|amount/i;
const SUPPLIER_NAMES = new Set(SUPPLIER_NAME_FIELDS);

export const isMoneyField = (key: string) => MONEY.test(key);

interface Hidden {
  money: boolean;
  supplierNames: boolean;
}

const hiddenFor = (auth: Pick<Auth, 'showPrice' | 'showSupplier'>): Hidden => ({
  money: !auth.showPrice,
  supplierNames: !auth.showSupplier,
});

/**
 * Fields named like money that hold no money: `decimalPlaces` is `{ quantity, price, amount }` counted in
 * places, which every viewer needs to show the numbers it may see.
 */
export const NOT_MONEY = new Set(['decimalPlaces']);

function maskValue(value: unknown, hidden: Hidden): unknown {
  if (Array.isArray(value)) return value.map((v) => maskValue(v, hidden));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (NOT_MONEY.has(key)) {
      out[key] = v;
      continue;
    }
    const secret =
      v !== null && typeof v !== 'boolean' && typeof v !== 'object'
        ? (hidden.money && MONEY.test(key)) || (hidden.supplierNames && SUPPLIER_NAMES.has(key))
        : false;
    out[key] = secret ? MASK : maskValue(v, hidden);
  }
  return out;
}

/**
 * Masks prices, amounts and supplier names the caller's position may not see. Every output path
 * (responses, exports, prints, reports, websocket pushes) goes through this one function.
 */
export function maskForViewer<T>(value: T, auth: Pick<Auth, 'showPrice' | 'showSupplier'> | null): T {
  if (!auth) return value;
  const hidden = hiddenFor(auth);
  if (!hidden.money && !hidden.supplierNames) return value;
  return maskValue(value, hidden) as T;
}

/** Drops sort entries and filter keys on fields the caller cannot see, so ordering cannot leak them. */
export function stripHiddenCriteria(body: unknown, auth: Pick<Auth, 'showPrice' | 'showSupplier'>): void {
  if (!body || typeof body !== 'object') return;
  const hidden = hiddenFor(auth);
  const isHidden = (key: string) =>
    (hidden.money && MONEY.test(key)) || (hidden.supplierNames && SUPPLIER_NAMES.has(key));
  const b = body as { orderParam?: unknown; filter?: unknown };
  if (Array.isArray(b.orderParam)) {
    b.orderParam = b.orderParam.filter(
      (o) => !(o && typeof o === 'object' && typeof o.fieldName === 'string' && isHidden(o.fieldName)),
    );
  }
  if (b.filter && typeof b.filter === 'object' && !Array.isArray(b.filter)) {
    for (const key of Object.keys(b.filter)) if (isHidden(key)) delete (b.filter as Record<string, unknown>)[key];
  }
}

/** Applies both to every request and reply of the API, error replies included. */
export function registerMasking(app: FastifyInstance) {
  app.addHook('preHandler', async (req) => {
    if (req.auth && (!req.auth.showPrice || !req.auth.showSupplier)) stripHiddenCriteria(req.body, req.auth);
  });
  app.addHook('preSerialization', async (req, _reply, payload) => maskForViewer(payload, req.auth));
}
