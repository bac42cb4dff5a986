import { ALL_PERMISSIONS, completePermissionCodes, PERMISSION_TREE, type PermissionNode } from '@concord/shared';
import type { TFunction } from 'i18next';

const NODES = new Map<string, PermissionNode>();
const index = (nodes: PermissionNode[]) => {
  for (const n of nodes) {
    NODES.set(n.code, n);
    index(n.children ?? []);
  }
};
index(PERMISSION_TREE);

const below = (node: PermissionNode | undefined): string[] =>
  (node?.children ?? []).flatMap((c) => [c.code, ...below(c)]);

/**
 * Checking a code grants everything under it and the modules above it (a menu entry needs its group);
 * unchecking removes it with everything under it, leaving the modules above as they were.
 */
export function toggleCode(checked: readonly string[], code: string, on: boolean): string[] {
  const subtree = [code, ...below(NODES.get(code))];
  if (on) return completePermissionCodes([...checked, ...subtree]);
  const dropped = new Set(subtree);
  return completePermissionCodes(checked.filter((c) => !dropped.has(c)));
}

/** Every code of a group, for "expand all". */
export const PARENT_CODES = ALL_PERMISSIONS.filter((c) => (NODES.get(c)?.children ?? []).length > 0);

export interface PermissionTreeItem {
  key: string;
  title: string;
  children?: PermissionTreeItem[];
}

export function permissionLabel(t: TFunction, code: string): string {
  return t(`jurisdiction.permissions.${code as 'PO_SYN'}`);
}

export function permissionTreeData(t: TFunction, nodes: PermissionNode[] = PERMISSION_TREE): PermissionTreeItem[] {
  return nodes.map((n) => ({
    key: n.code,
    title: `${permissionLabel(t, n.code)} (${n.code})`,
    ...(n.children?.length ? { children: permissionTreeData(t, n.children) } : {}),
  }));
}
