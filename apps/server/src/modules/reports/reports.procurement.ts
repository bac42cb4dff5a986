import { CONTRACT_STATUS, INQUIRY_STATUS, type ProcurementReportName, QUOTATION_STATUS } from '@concord/shared';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../platform/documents.ts';
import { countOf, type DetailReport, type Figure, sumOf } from './reports.details.ts';
import { and, commonFilters, partnerName, type ReportContext, visibleTo } from './reports.scope.ts';

/*
 * The sourcing and contract reports of the buyer (issues 21 and 22): each one SELECT whose aliases are
 * the report's columns, paged, sorted, summed and charted by the database (reports.service.ts), never
 * loaded whole. docs/reports.md says how each figure is computed.
 */

const FALSE = sql`false`;
const idList = (column: SQL, ids: readonly string[]) =>
  ids.length
    ? sql`${column} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : FALSE;

/** The buyer's own rows of a one-party header `h` within its data scope (owner or department). */
function ownScope(ctx: ReportContext, h: string): SQL {
  const header = sql.raw(h);
  const parts = [sql`${header}.tenant_id = ${ctx.me}`];
  if (!ctx.scope.all) {
    const byOwner = ctx.scope.ownerIds.length ? idList(sql`${header}.owner_id`, ctx.scope.ownerIds) : FALSE;
    const byDept = ctx.scope.deptIds.length ? idList(sql`${header}.dept_id`, ctx.scope.deptIds) : FALSE;
    parts.push(sql`(${byOwner} or ${byDept})`);
  }
  return and(parts);
}

const places = (h: string, kind: 'price' | 'amount') =>
  sql.raw(`coalesce((${h}.decimal_places->>'${kind}')::int, ${kind === 'price' ? 4 : 2})`);

const C = CONTRACT_STATUS;
const IN_FORCE_ONCE = [C.EFFECTIVE, C.EXPIRED, C.TERMINATED];

/**
 * purchAchieveAnalysis: one row per line of a contract that was in force (effective, expired or
 * terminated) with a validity overlapping the period. Agreed: the line's quantity cap, at its price;
 * ordered: what live order lines naming it hold (`ordered_qty`, `contract_amount`); received: what was
 * received against those order lines. Rates are against the agreed quantity (none without a cap).
 */
function purchAchieveAnalysis(ctx: ReportContext): DetailReport {
  const f = ctx.filter;
  return {
    base: sql`
      select cl.id::text as id, c.id::text as contract_id, c.contract_no as "contractNo",
             ${partnerName(ctx, 'c.supplier_id', 'c.tenant_id')} as "supName",
             c.valid_from::text as "validFrom", c.valid_to::text as "validTo",
             cl.prdt_no as "prdtNo", cl.prdt_name as "prdtName", cl.unit_name as "unitName", cl.price,
             cl.qty_cap as "agreedQty", round(cl.qty_cap * cl.price, ${places('c', 'amount')}) as "agreedAmount",
             c.amount_cap as "amountCap", cl.ordered_qty as "orderedQty", coalesce(o.amount, 0) as "orderedAmount",
             coalesce(o.received, 0) as "receivedQty", coalesce(o.received_amount, 0) as "receivedAmount",
             round(100 * cl.ordered_qty / nullif(cl.qty_cap, 0), 2) as "orderRate",
             round(100 * coalesce(o.received, 0) / nullif(cl.qty_cap, 0), 2) as "achieveRate",
             c.currency
        from contract_lines cl
        join contracts c on c.tenant_id = cl.tenant_id and c.id = cl.contract_id
        left join lateral (
          select sum(l.contract_amount) as amount, sum(l.received_qty) as received,
                 sum(round(l.received_qty * l.price, ${places('po', 'amount')})) as received_amount
            from purchase_order_lines l
            join purchase_orders po on po.tenant_id = l.tenant_id and po.id = l.order_id
           where l.tenant_id = cl.tenant_id and l.contract_line_id = cl.id
             and po.status not in (0, 6) and l.status <> 3) o on true
       where ${and([
         visibleTo(ctx, 'cl', 'c'),
         sql`c.status in (${sql.join(
           IN_FORCE_ONCE.map((s) => sql`${s}`),
           sql`, `,
         )})`,
         sql`c.valid_from <= ${f.dateTo}::date and c.valid_to >= ${f.dateFrom}::date`,
         ...commonFilters(ctx, { supplierId: 'c.supplier_id', prdtNo: 'cl.prdt_no', prdtName: 'cl.prdt_name' }),
       ])}`,
    order: '"validFrom" desc, "contractNo" desc, "prdtNo"',
    // The chart groups by contract: a contract falls in one category, so its count adds up.
    summary: [
      { key: 'contracts', parts: [sql`count(distinct contract_id)`], whole: ([p]) => sql`sum(${p})::int` },
      countOf('lines'),
      sumOf('agreedQty', '"agreedQty"'),
      sumOf('orderedQty', '"orderedQty"'),
      sumOf('receivedQty', '"receivedQty"'),
      {
        key: 'achieveRate',
        parts: [sql`sum("receivedQty") filter (where "agreedQty" is not null)`, sql`sum("agreedQty")`],
        whole: ([received, agreed]) => sql`round(100 * sum(${received}) / nullif(sum(${agreed}), 0), 2)`,
      },
    ],
    currencyTotals: [
      countOf('lines'),
      sumOf('agreedAmount', '"agreedAmount"'),
      sumOf('orderedAmount', '"orderedAmount"'),
      sumOf('receivedAmount', '"receivedAmount"'),
    ],
    chart: {
      type: 'bar',
      category: sql`"contractNo"`,
      series: [
        { ...sumOf('agreedQty', '"agreedQty"'), kind: 'qty' },
        { ...sumOf('orderedQty', '"orderedQty"'), kind: 'qty' },
        { ...sumOf('receivedQty', '"receivedQty"'), kind: 'qty' },
      ],
    },
  };
}

/** A savings total: none counts as 0 (an award without a bid to compare with saves nothing). */
const savings = (key: string): Figure => ({
  key,
  parts: [sql`sum(${sql.raw(`"${key}"`)})`],
  whole: ([p]) => sql`coalesce(sum(${p}), 0)`,
});

const I = INQUIRY_STATUS;
const Q = QUOTATION_STATUS;
/** A quotation that was submitted: still submitted, or given its outcome by the award. */
const QUOTED = [Q.SUBMITTED, Q.AWARDED, Q.PARTLY_AWARDED, Q.NOT_AWARDED];
const list = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * purchCompAnalysis: one row per line of an inquiry published in the period (not cancelled). Invited
 * and quoted count the suppliers of the inquiry's current round; lowest and highest are the unit
 * prices of the bids the buyer opened (sealed bids are not in `quotation_lines` and never count);
 * awarded is the award's quantity-weighted price; savings are against the highest bid, the target and
 * the last price (the material's latest sent order before the inquiry was published).
 */
function purchCompAnalysis(ctx: ReportContext): DetailReport {
  const f = ctx.filter;
  const published = sql`(i.published_at at time zone ${ctx.zone})::date`;
  return {
    base: sql`
      select il.id::text as id, i.id::text as inquiry_id, i.inquiry_no as "inquiryNo", i.title,
             ${published}::text as "publishDate", to_char(${published}, 'YYYY-MM') as month,
             (select u.name from users u where u.id = i.owner_id) as "ownerName",
             il.prdt_no as "prdtNo", il.prdt_name as "prdtName", il.unit_name as "unitName", il.qty,
             n.invited as "invitedCount", n.quoted as "quotedCount", il.target_price as "targetPrice",
             lp.price as "lastPrice",
             b.lowest as "lowestPrice", b.highest as "highestPrice",
             round(a.amount / nullif(a.qty, 0), ${places('i', 'price')}) as "awardedPrice",
             coalesce(a.qty, 0) as "awardedQty", coalesce(a.amount, 0) as "awardedAmount",
             case when a.qty > 0 then round(b.highest * a.qty - a.amount, ${places('i', 'amount')}) end as "savingsAmount",
             case when a.qty > 0 then round(il.target_price * a.qty - a.amount, ${places('i', 'amount')}) end
               as "targetSavingsAmount",
             case when a.qty > 0 then round(lp.price * a.qty - a.amount, ${places('i', 'amount')}) end
               as "lastSavingsAmount",
             a.suppliers as "supName", i.currency
        from inquiry_lines il
        join inquiries i on i.tenant_id = il.tenant_id and i.id = il.inquiry_id
        left join lateral (
          select count(*)::int as invited, (count(*) filter (where qt.status in (${list(QUOTED)})))::int as quoted
            from quotations qt
           where qt.tenant_id = i.tenant_id and qt.inquiry_id = i.id and qt.round = i.round) n on true
        left join lateral (
          select ol.price from purchase_order_lines ol
            join purchase_orders po on po.tenant_id = ol.tenant_id and po.id = ol.order_id
           where ol.tenant_id = il.tenant_id and ol.material_id = il.material_id and ol.status <> 3
             and po.status not in (0, 6) and po.sent_at < i.published_at
           order by po.sent_at desc, po.id desc limit 1) lp on true
        left join lateral (
          select min(ql.unit_price) as lowest, max(ql.unit_price) as highest
            from quotations qt
            join quotation_lines ql on ql.tenant_id = qt.tenant_id and ql.quotation_id = qt.id
           where qt.tenant_id = i.tenant_id and qt.inquiry_id = i.id and qt.round = i.round
             and ql.inquiry_line_id = il.id and ql.unit_price is not null and ql.no_bid is not true) b on true
        left join lateral (
          select sum(ql.award_qty) as qty,
                 sum(round(ql.award_qty * ql.award_price, ${places('i', 'amount')})) as amount,
                 string_agg(distinct s.sup_name, '; ') as suppliers
            from quotations qt
            join quotation_lines ql on ql.tenant_id = qt.tenant_id and ql.quotation_id = qt.id
            left join suppliers s on s.tenant_id = qt.tenant_id and s.id = qt.supplier_id
           where qt.tenant_id = i.tenant_id and qt.inquiry_id = i.id and qt.round = i.round
             and ql.inquiry_line_id = il.id and ql.award_qty > 0) a on true
       where ${and([
         ownScope(ctx, 'i'),
         sql`i.status in (${list([I.PUBLISHED, I.CLOSED, I.OPENED, I.AWARDED])}) and i.published_at is not null`,
         sql`${published} between ${f.dateFrom}::date and ${f.dateTo}::date`,
         ...(f.supplierId
           ? [
               sql`exists (select 1 from quotations qs where qs.tenant_id = i.tenant_id and qs.inquiry_id = i.id
                              and qs.supplier_id = ${f.supplierId})`,
             ]
           : []),
         ...(f.material
           ? [sql`(il.prdt_no ilike ${escapeLike(f.material)} or il.prdt_name ilike ${escapeLike(f.material)})`]
           : []),
       ])}`,
    order: '"publishDate" desc, "inquiryNo" desc, "prdtNo"',
    // An inquiry is published in one month, the chart's category: its count adds up over the months.
    summary: [
      { key: 'inquiries', parts: [sql`count(distinct inquiry_id)`], whole: ([p]) => sql`sum(${p})::int` },
      countOf('lines'),
      sumOf('awardedQty', '"awardedQty"'),
    ],
    currencyTotals: [
      countOf('lines'),
      sumOf('awardedAmount', '"awardedAmount"'),
      savings('savingsAmount'),
      savings('targetSavingsAmount'),
      savings('lastSavingsAmount'),
    ],
    chart: {
      type: 'bar',
      category: sql`month`,
      series: [
        { ...countOf('lines'), kind: 'int' },
        { ...sumOf('quotedCount', '"quotedCount"'), kind: 'int' },
      ],
    },
  };
}

export const PROCUREMENT_DETAIL_REPORTS: Record<ProcurementReportName, (ctx: ReportContext) => DetailReport> = {
  purchAchieveAnalysis,
  purchCompAnalysis,
};
