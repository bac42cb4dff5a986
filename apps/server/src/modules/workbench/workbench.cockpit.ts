import { type CockpitReply, compareDecimals, type ReportReply, roundDecimal } from '@concord/shared';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context.ts';
import { getDecimalPlaces } from '../basic-data/decimal-places.service.ts';
import { contextOf, visibleTo } from '../reports/reports.scope.ts';
import { runReport } from '../reports/reports.service.ts';

/*
 * The buyer cockpit (issue 18 §4): the headline figures of the buyer reports over their default period
 * (this month and the five before), computed by the reports themselves — on-time arrival and quality
 * yield with their monthly series, the suppliers furthest behind on time — plus the value of the orders
 * still open, by month and currency, read with the reports' side and data scope.
 */

const LATE_SUPPLIERS = 5;
/** Sent, partly confirmed, counter-proposed and confirmed: ordered, not yet closed or cancelled. */
const OPEN_STATUSES = sql`(1, 2, 3, 4)`;

/** A report's monthly series `key`, by month, as its chart plots it. */
function monthly(reply: ReportReply, key: string) {
  const series = reply.chart.series.find((s) => s.key === key);
  return reply.chart.categories.map((month, i) => ({ month, rate: series?.data[i] ?? null }));
}

const rateOf = (value: unknown) => (value === null || value === undefined ? null : String(value));

async function openOrderValue(ctx: RequestContext) {
  const { tx: q, auth } = ctx;
  const report = await contextOf(q, auth, 'buyer', undefined);
  const places = await getDecimalPlaces(q, auth.tenantId);
  const result = await q.execute<{ month: string; currency: string; amount: string; orders: number }>(sql`
    select to_char(po.order_date, 'YYYY-MM') as month, po.currency, sum(po.total_amount)::text as amount,
           count(*)::int as orders
      from purchase_orders po
     where ${visibleTo(report, 'po', 'po')} and po.status in ${OPEN_STATUSES}
       and po.order_date between ${report.filter.dateFrom} and ${report.filter.dateTo}
     group by 1, 2
     order by 1, 2`);
  // The sum is exact on numeric; the amount is shown at the enterprise's amount places.
  return result.rows.map((r) => ({ ...r, amount: roundDecimal(r.amount, places.amount) }));
}

export async function getCockpit(ctx: RequestContext): Promise<CockpitReply> {
  const onTime = await runReport(ctx, 'poTimelyArrivalRate', {
    pageParam: { pageNum: 1, pageSize: LATE_SUPPLIERS },
    orderParam: [{ fieldName: 'onTimeRate', asc: true }],
  });
  const quality = await runReport(ctx, 'poQualityYield', { pageParam: { pageNum: 1, pageSize: 1 } });
  const lateSuppliers = onTime.dataList
    .filter((r) => r.onTimeRate !== null && compareDecimals(String(r.onTimeRate), '100') < 0)
    .map((r) => ({
      supplierId: String(r.id),
      supName: String(r.supName ?? ''),
      dueQty: String(r.dueQty),
      onTimeQty: String(r.onTimeQty),
      onTimeRate: String(r.onTimeRate),
    }));
  return {
    period: onTime.period,
    onTimeRate: rateOf(onTime.summary.onTimeRate),
    onTimeByMonth: monthly(onTime, 'onTimeRate'),
    qualityYield: rateOf(quality.summary.qualityYield),
    yieldByMonth: monthly(quality, 'qualityYield'),
    openOrderValue: await openOrderValue(ctx),
    lateSuppliers,
  };
}
