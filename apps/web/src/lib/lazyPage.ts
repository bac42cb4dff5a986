import type { ComponentType } from 'react';

export type Lazy = () => Promise<{ Component: ComponentType }>;

/** A route module loaded on first visit, so every screen stays out of the login bundle. */
export const lazyPage =
  <M>(load: () => Promise<M>, pick: (m: M) => ComponentType): Lazy =>
  async () => ({ Component: pick(await load()) });

/** A feature's screens keyed by their route path in the route table (app/routes.ts). */
export type PagesByPath = Readonly<Record<string, Lazy>>;
