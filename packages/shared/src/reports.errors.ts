/** Error codes of this domain, spread into the catalogue of errors.ts (same shape and rules). */
export const REPORT_ERRORS = {} as const satisfies Record<
  string,
  { status: number; en: string; cn: string; tw: string }
>;
