import type { ReportColumn, ReportColumnKind, ReportDefinition } from './reports.schema.ts';

/*
 * The sourcing and contract reports of the buyer (issues 21 and 22), registered in the report catalogue
 * (reports.schema.ts). How each figure is computed is written in docs/reports.md.
 */

export const PROCUREMENT_REPORT_NAMES = ['purchAchieveAnalysis', 'purchCompAnalysis'] as const;
export type ProcurementReportName = (typeof PROCUREMENT_REPORT_NAMES)[number];

const col = (key: string, kind: ReportColumnKind = 'text'): ReportColumn => ({ key, kind });

export const PROCUREMENT_REPORTS: Record<ProcurementReportName, ReportDefinition> = {
  /**
   * One row per contract line of a contract in force at some time in the period (effective, expired or
   * terminated, its validity overlapping the period): what was agreed against what live orders hold
   * and what was received against them.
   */
  purchAchieveAnalysis: {
    family: 'detail',
    chart: 'bar',
    filters: ['period', 'supplierId', 'material'],
    columns: [
      col('contractNo'),
      col('supName'),
      col('validFrom', 'date'),
      col('validTo', 'date'),
      col('prdtNo'),
      col('prdtName'),
      col('unitName'),
      col('price', 'price'),
      col('agreedQty', 'qty'),
      col('agreedAmount', 'money'),
      col('amountCap', 'money'),
      col('orderedQty', 'qty'),
      col('orderedAmount', 'money'),
      col('receivedQty', 'qty'),
      col('receivedAmount', 'money'),
      col('orderRate', 'rate'),
      col('achieveRate', 'rate'),
      col('currency'),
    ],
    summary: [
      col('contracts', 'int'),
      col('lines', 'int'),
      col('agreedQty', 'qty'),
      col('orderedQty', 'qty'),
      col('receivedQty', 'qty'),
      col('achieveRate', 'rate'),
    ],
    currencyTotals: [col('agreedAmount', 'money'), col('orderedAmount', 'money'), col('receivedAmount', 'money')],
  },
  /**
   * One row per inquiry line of an inquiry published in the period: how many suppliers were invited
   * and quoted, the lowest, highest and awarded prices of the bids opened, and what the award saved.
   * Sealed bids never reach it: it reads only the bids the buyer opened.
   */
  purchCompAnalysis: {
    family: 'detail',
    chart: 'bar',
    filters: ['period', 'supplierId', 'material'],
    columns: [
      col('inquiryNo'),
      col('title'),
      col('publishDate', 'date'),
      col('ownerName'),
      col('prdtNo'),
      col('prdtName'),
      col('unitName'),
      col('qty', 'qty'),
      col('invitedCount', 'int'),
      col('quotedCount', 'int'),
      col('targetPrice', 'price'),
      col('lastPrice', 'price'),
      col('lowestPrice', 'price'),
      col('highestPrice', 'price'),
      col('awardedPrice', 'price'),
      col('awardedQty', 'qty'),
      col('awardedAmount', 'money'),
      col('savingsAmount', 'money'),
      col('targetSavingsAmount', 'money'),
      col('lastSavingsAmount', 'money'),
      col('supName'),
      col('currency'),
    ],
    summary: [col('inquiries', 'int'), col('lines', 'int'), col('awardedQty', 'qty')],
    currencyTotals: [
      col('awardedAmount', 'money'),
      col('savingsAmount', 'money'),
      col('targetSavingsAmount', 'money'),
      col('lastSavingsAmount', 'money'),
    ],
  },
};
