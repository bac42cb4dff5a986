import type { MenuGroup } from './routes.ts';

/** The sides an enterprise trades on: it buys from suppliers, supplies customers, or both. */
export type EnterpriseSide = 'buyer' | 'supplier';

/**
 * Issue 18 §3: an enterprise that only supplies finds its own work first — the supply group moves
 * before the purchase group. The basic group (enterprise information, messages) stays on top; buyers,
 * enterprises on both sides and those whose side is not known keep the route table's order.
 */
export function orderMenuGroups(groups: readonly MenuGroup[], sides: readonly EnterpriseSide[]): MenuGroup[] {
  const supplierOnly = sides.includes('supplier') && !sides.includes('buyer');
  const purchase = groups.findIndex((g) => g.key === 'purchase');
  const supply = groups.findIndex((g) => g.key === 'supply');
  if (!supplierOnly || purchase === -1 || supply < purchase) return [...groups];
  const ordered = groups.filter((g) => g.key !== 'supply');
  ordered.splice(purchase, 0, groups[supply]!);
  return ordered;
}
