import {
  type AwardAllocation,
  type AwardLineInput,
  type AwardProblem,
  awardProblem,
  DECIMAL_TEXT,
  type InquiryAwardLine,
  type InquiryComparison,
  type SuggestionLine,
} from '@concord/shared';

/** The award being drafted: per line, the quantity typed for each quotation and the reason. */
export type AwardDraft = Record<string, { qty: Record<string, string | null>; reason: string }>;

/** The comparison as the shared suggestions weigh it: the comparable price, none for no bid or a masked one. */
export function suggestionLines(c: InquiryComparison): (SuggestionLine & { lineNo: number })[] {
  return c.lines.map((l) => ({
    lineId: l.lineId,
    lineNo: l.lineNo,
    qty: l.qty,
    cells: l.cells.map((cell) => ({
      quotationId: cell.quotationId,
      price: !cell.noBid && cell.priceExcl && DECIMAL_TEXT.test(cell.priceExcl) ? cell.priceExcl : null,
      leadDays: cell.leadDays,
    })),
  }));
}

/** A suggestion (or the saved award) as a draft; the reasons already typed stay. */
export function draftFrom(allocations: readonly AwardAllocation[], previous: AwardDraft = {}): AwardDraft {
  const draft: AwardDraft = {};
  for (const [lineId, line] of Object.entries(previous)) draft[lineId] = { qty: {}, reason: line.reason };
  for (const a of allocations) {
    const line = draft[a.lineId] ?? { qty: {}, reason: '' };
    line.qty[a.quotationId] = a.qty;
    draft[a.lineId] = line;
  }
  return draft;
}

/** The comparison's saved award (after `award`), as allocations. */
export function savedAllocations(c: InquiryComparison): AwardAllocation[] {
  return c.lines.flatMap((l) =>
    l.cells
      .filter((cell) => cell.awardQty !== null && DECIMAL_TEXT.test(cell.awardQty) && Number(cell.awardQty) > 0)
      .map((cell) => ({ lineId: l.lineId, quotationId: cell.quotationId, qty: cell.awardQty as string })),
  );
}

/** The draft as the `award` action's body: lines with at least one positive quantity. */
export function awardInput(draft: AwardDraft): InquiryAwardLine[] {
  return Object.entries(draft).flatMap(([lineId, line]) => {
    const allocations = Object.entries(line.qty)
      .filter((e): e is [string, string] => !!e[1] && DECIMAL_TEXT.test(e[1]) && Number(e[1]) > 0)
      .map(([quotationId, qty]) => ({ quotationId, qty }));
    return allocations.length ? [{ lineId, allocations, reason: line.reason }] : [];
  });
}

/** The first problem of the draft by the same rules the server checks an award with. */
export function draftProblem(c: InquiryComparison, draft: AwardDraft): AwardProblem | null {
  return awardProblem(suggestionLines(c), awardInput(draft) as AwardLineInput[], c.decimalPlaces.quantity);
}
