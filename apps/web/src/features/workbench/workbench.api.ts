import type { CockpitReply, WorkbenchLink, WorkbenchReply } from '@concord/shared';
import { http } from '../../api/http.ts';

const BASE = '/srm/workbench';

export const workbenchKeys = {
  all: ['workbench'] as const,
  items: ['workbench', 'items'] as const,
  cockpit: ['workbench', 'cockpit'] as const,
};

export const workbenchApi = {
  items: () => http.get<WorkbenchReply>(BASE),
  cockpit: () => http.get<CockpitReply>(`${BASE}/cockpit`),
};

/** The filtered list an item opens: its page with the query the page's filter reads. */
export function linkHref(link: WorkbenchLink): string {
  const query = new URLSearchParams(link.query).toString();
  return query ? `${link.path}?${query}` : link.path;
}
