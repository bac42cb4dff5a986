/** The moneyFindings namespace (the money recompute's report); zh-CN and zh-TW are typed from it. */
export const moneyFindingsEnUS = {
  title: 'Money recompute report',
  description:
    'Until amounts were computed exactly, order and receipt line amounts went through floating point, and about one line in 370 came out a cent low. Documents not yet agreed were recomputed; agreed documents keep the figures both sides agreed to. Every stored amount of an agreed document that differs from the exact amount is listed here.',
  filter: {
    kind: 'Document type',
    documentNo: 'Document no.',
    documentNoPlaceholder: 'Part of the number',
  },
  kinds: {
    purchaseOrder: 'Purchase order',
    receipt: 'Warehousing receipt',
    reconciliation: 'Reconciliation statement',
  },
  columns: {
    documentNo: 'Document no.',
    kind: 'Document type',
    line: 'Line',
    oldAmount: 'Stored amount',
    exactAmount: 'Exact amount',
    difference: 'Difference',
  },
  total: 'Total',
  empty: 'No agreed document differs from its exact amounts',
  emptyHint: 'Clear or widen the filters to see every finding.',
  loadFailed: 'Could not load the report: {{reason}}',
  section: {
    title: 'Amounts recomputed exactly',
    text: 'Agreed documents whose stored amounts differ from the exact ones are listed for you to review.',
    open: 'Open the report',
  },
} as const;
