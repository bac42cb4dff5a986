import type { DepartmentNode } from '@concord/shared';

export interface DepartmentOption {
  value: string;
  title: string;
  children?: DepartmentOption[];
}

/**
 * TreeSelect data for a department picker. A department being edited passes its own id: it and its
 * whole subtree are left out, since none of them may become its parent (spec §5).
 */
export function departmentOptions(nodes: readonly DepartmentNode[], excludeId?: string | null): DepartmentOption[] {
  return nodes
    .filter((n) => n.id !== excludeId)
    .map((n) => {
      const children = departmentOptions(n.children ?? [], excludeId);
      return { value: n.id, title: n.deptName, ...(children.length ? { children } : {}) };
    });
}

/** Keeps the departments matching the keyword with everything below them, and the ancestors leading to them. */
export function filterDepartments(nodes: readonly DepartmentNode[], keyword: string): DepartmentNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...nodes];
  return nodes.flatMap((n) => {
    if ([n.deptNo, n.deptCode, n.deptName].some((v) => v.toLowerCase().includes(k))) return [n];
    const children = filterDepartments(n.children ?? [], k);
    return children.length ? [{ ...n, children }] : [];
  });
}

export function countDepartments(nodes: readonly DepartmentNode[]): number {
  return nodes.reduce((sum, n) => sum + 1 + countDepartments(n.children ?? []), 0);
}

export function departmentIds(nodes: readonly DepartmentNode[]): string[] {
  return nodes.flatMap((n) => [n.id, ...departmentIds(n.children ?? [])]);
}
