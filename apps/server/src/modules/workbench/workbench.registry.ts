import type {
  DocumentSide,
  ListResult,
  PermissionCode,
  WorkbenchItem,
  WorkbenchItemKey,
  WorkbenchLink,
  WorkbenchRow,
} from '@concord/shared';
import type { MemberAuth, RequestContext } from '../../platform/context.ts';

/*
 * The kernel checklist of the workbench (docs/workbench.md): each domain defines the items that wait
 * for one side — a count, the first rows, the list that shows them — and the workbench reads every item
 * the caller may open. An item counts with the target list's own service and the filter its link
 * carries, so the count is what the list shows: same side, same data scope, same permissions.
 */

/** An item's count and its first rows, as the target list would give them. */
export interface WorkbenchPage {
  count: number;
  rows: WorkbenchRow[];
}

export interface WorkbenchItemDefinition {
  key: WorkbenchItemKey;
  side: DocumentSide;
  /**
   * Every code the target list page needs (its menu entry and the entries above it, and the list
   * service's read permission): a caller missing one gets no item, as the page would refuse it.
   */
  permissions: readonly PermissionCode[];
  /** The list page and the URL query its filter reads: the same filter `load` lists with. */
  link: WorkbenchLink;
  /** Counts and reads the first `rows` documents through the list's own query. */
  load(ctx: RequestContext, rows: number): Promise<WorkbenchPage>;
}

/** Declares one item; the list in `workbench.items.ts` names every declared item once. */
export function defineWorkbenchItem(item: WorkbenchItemDefinition): WorkbenchItemDefinition {
  return item;
}

/** A list page turned into an item's page: its total, and its rows as the workbench shows them. */
export const pageOf = <T>(list: ListResult<T>, row: (item: T) => WorkbenchRow): WorkbenchPage => ({
  count: list.totalCount,
  rows: list.dataList.map(row),
});

/** The first page of a list, `rows` long, in the order the item wants (the longest waiting first). */
export const firstRows = (rows: number, fieldName: string, asc = true) => ({
  pageParam: { pageNum: 1, pageSize: rows },
  orderParam: [{ fieldName, asc }],
});

export const mayOpen = (auth: MemberAuth, item: WorkbenchItemDefinition) =>
  item.permissions.every((code) => auth.permissions.has(code));

/** Every item the caller may open, counted, in the list's order. */
export async function loadItems(
  ctx: RequestContext,
  items: readonly WorkbenchItemDefinition[],
  rows: number,
): Promise<WorkbenchItem[]> {
  const out: WorkbenchItem[] = [];
  // One after the other: the request has one transaction, and one connection serves it.
  for (const item of items) {
    if (!mayOpen(ctx.auth, item)) continue;
    const page = await item.load(ctx, rows);
    out.push({ key: item.key, side: item.side, count: page.count, link: item.link, rows: page.rows });
  }
  return out;
}
