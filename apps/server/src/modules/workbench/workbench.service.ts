import { WORKBENCH_ROWS, type WorkbenchReply } from '@concord/shared';
import type { RequestContext } from '../../platform/context.ts';
import { WORKBENCH_ITEMS } from './workbench.items.ts';
import { loadItems } from './workbench.registry.ts';

/** What waits for the caller on both sides: each item it may open, counted, with its first rows. */
export async function getWorkbench(ctx: RequestContext): Promise<WorkbenchReply> {
  return { items: await loadItems(ctx, WORKBENCH_ITEMS, WORKBENCH_ROWS) };
}
