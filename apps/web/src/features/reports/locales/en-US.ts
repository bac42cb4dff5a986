import { REPORT_LABELS } from '@concord/shared';

/** The reports namespace; column headers and status names come from the shared report labels (the export uses them too). */
export const reportsEnUS = {
  title: 'Reports',
  columns: REPORT_LABELS['en-US'].columns,
  statuses: {
    note: REPORT_LABELS['en-US'].status.note.join('|'),
    statement: REPORT_LABELS['en-US'].status.statement.join('|'),
    orderLine: REPORT_LABELS['en-US'].status.orderLine.join('|'),
  },
  filters: {
    period: 'Period',
    supplierId: 'Supplier',
    customerId: 'Customer',
    material: 'Material',
    materialPlaceholder: 'Code or name',
    orderNo: 'Order no.',
    noteNo: 'Delivery note no.',
    noteStatus: 'Status',
    groupBy: 'Rows per',
    groupByPartner: 'Partner',
    groupByMaterial: 'Partner and material',
  },
  actions: {
    search: 'Search',
    reset: 'Reset',
    export: 'Export Excel',
  },
  chart: {
    title: 'Trend',
    loading: 'Loading chart…',
    empty: 'No data in this period',
  },
  summary: 'Summary',
  periodShown: 'Figures for {{from}} to {{to}}',
  empty: 'No data for these filters. Widen the period or clear a filter.',
  loadFailed: 'The report could not be loaded',
  retry: 'Retry',
  /** The per-currency totals row of a report table. */
  totalOf_one: 'Total · {{n}} line',
  totalOf_other: 'Total · {{n}} lines',
  definitions: {
    onTimeRate:
      'On-time rate = quantity received on or before the due date ÷ quantity due in the period. A line is due on its receiving-plan date, else its confirmed (else requested) date, and falls in the period of that date. A receipt counts for the due line it was delivered against and is on time when it arrived on or before that date; per due line the on-time quantity is capped at the quantity due, so split deliveries add up and over-delivery never lifts the rate above 100 %.',
    qualityYield:
      'Quality yield = qualified quantity ÷ inspected quantity, over the incoming inspections made in the period. Several inspections of one delivery line all count; rejected quantities are the unqualified part.',
  },
} as const;
