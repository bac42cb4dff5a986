import { firstUnorderedBreak, QUOTATION_BUYER_FIELDS, type quotationBidLineSchema } from '@concord/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { switchTenant } from '../../platform/context.ts';
import { placedDecimal, RATE_INPUT_PLACES } from '../../platform/decimal-places.ts';
import { AppError } from '../../platform/errors.ts';
import type { QuotationRow } from './quotations.common.ts';
import { quotationBids, quotationLines } from './quotations.table.ts';

/*
 * The bid figures and where they live. The supplier's bids are rows of `quotation_bids` in its own
 * tenant (sealed: the buyer has no policy to read them); they reach the buyer's `quotation_lines` only
 * by `revealBids` (opening, or a submit on an unsealed inquiry). A quote the buyer records for a
 * supplier off the network is the buyer's own typing and shows at once (`recordBids`).
 */

type BidLine = z.infer<typeof quotationBidLineSchema>;

/** One bid as stored: column names of `quotation_bids` and of the revealed `quotation_lines`. */
export interface StoredBid {
  line_id: string;
  line_no: number;
  no_bid: boolean;
  no_bid_reason: string;
  unit_price: string | null;
  tax_rate: string;
  lead_days: number | null;
  moq: string | null;
  valid_until: string | null;
  price_breaks: { minQty: string; price: string }[];
  remark: string;
}

/** The shape of a stored bid in `jsonb_to_recordset`. */
const BID_RECORD = sql.raw(`line_id bigint, no_bid boolean, no_bid_reason text, unit_price numeric, tax_rate numeric,
  lead_days int, moq numeric, valid_until date, price_breaks jsonb, remark text`);

/** The revealed columns of a quotation line, set from a stored bid `s`. */
const REVEALED = sql`no_bid = s.no_bid, no_bid_reason = s.no_bid_reason, unit_price = s.unit_price,
  tax_rate = s.tax_rate, lead_days = s.lead_days, moq = s.moq, valid_until = s.valid_until,
  price_breaks = s.price_breaks, bid_remark = s.remark, updated_at = now()`;

/**
 * The bids of a request, checked against the quotation: each line one of its own, the inquiry's own
 * fields refused by name, numbers at the buyer's places, price breaks rising by quantity, a reason
 * for every no-bid. A no-bid line keeps no figures.
 */
export async function placeBids(q: Queryable, quotation: QuotationRow, lines: BidLine[]): Promise<StoredBid[]> {
  for (const [i, l] of lines.entries()) {
    const field = QUOTATION_BUYER_FIELDS.find((f) => f in l);
    if (field) throw new AppError('QUOTATION_BUYER_FIELDS', { field }, [{ path: `lines.${i}.${field}` }]);
  }
  const known = new Map(
    (
      await q
        .select({ id: quotationLines.id, lineNo: quotationLines.lineNo })
        .from(quotationLines)
        .where(and(eq(quotationLines.tenantId, quotation.tenantId), eq(quotationLines.quotationId, quotation.id)))
    ).map((l) => [l.id, l.lineNo]),
  );
  const places = quotation.decimalPlaces;
  return lines.map((l, i) => {
    const lineNo = known.get(l.lineId);
    if (lineNo === undefined) throw new AppError('QUOTATION_LINE_UNKNOWN', {}, [{ path: `lines.${i}.lineId` }]);
    if (l.noBid && !l.noBidReason)
      throw new AppError('QUOTATION_NO_BID_REASON', { lineNo }, [{ path: `lines.${i}.noBidReason` }]);
    if (firstUnorderedBreak(l.priceBreaks) >= 0)
      throw new AppError('QUOTATION_BREAKS_NOT_ASCENDING', { lineNo }, [{ path: `lines.${i}.priceBreaks` }]);
    const at = (field: string) => `lines.${i}.${field}`;
    return {
      line_id: l.lineId,
      line_no: lineNo,
      no_bid: l.noBid,
      no_bid_reason: l.noBid ? l.noBidReason : '',
      unit_price: l.noBid || l.unitPrice === null ? null : placedDecimal(l.unitPrice, places.price, at('unitPrice')),
      tax_rate: placedDecimal(l.taxRate, RATE_INPUT_PLACES, at('taxRate')),
      lead_days: l.noBid ? null : l.leadDays,
      moq: l.noBid || l.moq === null ? null : placedDecimal(l.moq, places.quantity, at('moq')),
      valid_until: l.noBid ? null : l.validUntil,
      price_breaks: l.noBid
        ? []
        : l.priceBreaks.map((b, j) => ({
            minQty: placedDecimal(b.minQty, places.quantity, at(`priceBreaks.${j}.minQty`)),
            price: placedDecimal(b.price, places.price, at(`priceBreaks.${j}.price`)),
          })),
      remark: l.remark,
    };
  });
}

/** Saves the supplier's working bids (in its own tenant, the caller's): one statement, however many lines. */
export async function saveWorkingBids(q: Queryable, quotation: QuotationRow, me: string, bids: StoredBid[]) {
  if (!bids.length) return;
  await q.execute(sql`
    insert into ${quotationBids} as b (tenant_id, buyer_tenant_id, line_id, quotation_id, submitted, no_bid,
                                       no_bid_reason, unit_price, tax_rate, lead_days, moq, valid_until, price_breaks,
                                       remark)
    select ${me}::bigint, ${quotation.tenantId}::bigint, s.line_id, ${quotation.id}::bigint, false, s.no_bid,
           s.no_bid_reason, s.unit_price, s.tax_rate, s.lead_days, s.moq, s.valid_until, s.price_breaks, s.remark
      from jsonb_to_recordset(${JSON.stringify(bids)}::jsonb) as s(${BID_RECORD})
    on conflict (tenant_id, line_id, submitted) do update
       set no_bid = excluded.no_bid, no_bid_reason = excluded.no_bid_reason, unit_price = excluded.unit_price,
           tax_rate = excluded.tax_rate, lead_days = excluded.lead_days, moq = excluded.moq,
           valid_until = excluded.valid_until, price_breaks = excluded.price_breaks, remark = excluded.remark,
           updated_at = now()`);
}

/** The number of the first line with neither a price nor a no-bid in `source`, or null when all have one. */
async function firstOpenLine(q: Queryable, quotation: QuotationRow, source: SQL): Promise<number | null> {
  const { rows } = await q.execute<{ line_no: number }>(sql`
    select l.line_no from ${quotationLines} l left join (${source}) s on s.line_id = l.id
     where l.tenant_id = ${quotation.tenantId} and l.quotation_id = ${quotation.id}
       and (s.line_id is null or (not s.no_bid and s.unit_price is null))
     order by l.line_no limit 1`);
  return rows[0] ? Number(rows[0].line_no) : null;
}

const workingBids = (quotation: QuotationRow, me: string) =>
  sql`select line_id, no_bid, unit_price from ${quotationBids}
       where tenant_id = ${me} and quotation_id = ${quotation.id} and not submitted`;

/** Refuses a quotation with a line neither priced nor no-bid. */
export async function assertComplete(q: Queryable, quotation: QuotationRow, source: SQL): Promise<void> {
  const open = await firstOpenLine(q, quotation, source);
  if (open !== null) throw new AppError('QUOTATION_LINE_UNPRICED', { lineNo: open });
}

/** The supplier's submit: its working bids, complete, become the submitted ones (the last submit counts). */
export async function submitWorkingBids(q: Queryable, quotation: QuotationRow, me: string): Promise<void> {
  await assertComplete(q, quotation, workingBids(quotation, me));
  await q.execute(sql`
    delete from ${quotationBids} where tenant_id = ${me} and quotation_id = ${quotation.id} and submitted`);
  await q.execute(sql`
    insert into ${quotationBids} (tenant_id, buyer_tenant_id, line_id, quotation_id, submitted, no_bid, no_bid_reason,
                                  unit_price, tax_rate, lead_days, moq, valid_until, price_breaks, remark)
    select tenant_id, buyer_tenant_id, line_id, quotation_id, true, no_bid, no_bid_reason, unit_price, tax_rate,
           lead_days, moq, valid_until, price_breaks, remark
      from ${quotationBids} where tenant_id = ${me} and quotation_id = ${quotation.id} and not submitted`);
}

/** A supplier's bids as it reads them: the working ones while it drafts, else the submitted ones. */
export async function bidsOf(q: Queryable, quotationId: string, me: string, submitted: boolean) {
  const rows = await q
    .select()
    .from(quotationBids)
    .where(and(eq(quotationBids.tenantId, me), eq(quotationBids.quotationId, quotationId)));
  const wanted = rows.filter((r) => r.submitted === submitted);
  return new Map((wanted.length ? wanted : rows).map((r) => [r.lineId, r]));
}

/**
 * Copies one supplier's submitted bids on `quotationIds` into the buyer's comparison rows: one
 * statement, run in the supplier's row-level-security context (the only one that can read the bids),
 * within the buyer's transaction; the caller's context is restored after.
 */
export async function revealBids(
  q: Queryable,
  caller: string,
  supplierTenantId: string,
  buyerTenantId: string,
  quotationIds: string[],
): Promise<void> {
  if (caller !== supplierTenantId) await switchTenant(q, supplierTenantId);
  await q.execute(sql`
    update ${quotationLines} l set ${REVEALED}
      from ${quotationBids} s
     where s.tenant_id = ${supplierTenantId} and s.buyer_tenant_id = ${buyerTenantId} and s.submitted
       and s.line_id = l.id and l.tenant_id = ${buyerTenantId}
       and l.quotation_id = any(${sql.param(quotationIds)}::bigint[])`);
  if (caller !== supplierTenantId) await switchTenant(q, caller);
}

/**
 * The buyer's record of an offline supplier's quote: every line priced or no-bid, written straight to
 * the buyer's quotation lines, shown at once (issue 21: the buyer typed the figures; the other bids stay
 * sealed until the opening).
 */
export async function recordBids(q: Queryable, quotation: QuotationRow, bids: StoredBid[]): Promise<void> {
  const source = sql`select * from jsonb_to_recordset(${JSON.stringify(bids)}::jsonb) as r(${BID_RECORD})`;
  await assertComplete(q, quotation, source);
  await q.execute(sql`
    update ${quotationLines} l set ${REVEALED}
      from (${source}) s
     where l.tenant_id = ${quotation.tenantId} and l.quotation_id = ${quotation.id} and l.id = s.line_id`);
}
