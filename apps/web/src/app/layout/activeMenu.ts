import { findRoute, type RouteNode } from '../routes.ts';

/**
 * The menu key to highlight: a hidden route (detail, form) lights up the visible list it belongs to —
 * the longest visible path that prefixes it, else the entry above it.
 */
export function activeMenuPath(pathname: string): string | undefined {
  const trail = findRoute(pathname);
  if (!trail) return undefined;
  if (!trail.node.hidden) return trail.node.path;
  const parent = trail.parents.at(-1);
  const siblings: RouteNode[] = parent?.children ?? [];
  const owner = siblings
    .filter((s) => !s.hidden && pathname.startsWith(`${s.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return owner?.path ?? parent?.path;
}
