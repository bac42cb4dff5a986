/** The page of findings, under the decimal-places settings it belongs to (kept apart so links load no API code). */
export const MONEY_FINDINGS_PATH = '/basicdatasetting/decimalplaces/money-findings';
