import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messageKeys } from '../messages/messages.api.ts';
import { workbenchApi, workbenchKeys } from './workbench.api.ts';

/**
 * The workbench's items, kept current. The other party's steps arrive over the websocket as messages,
 * whose push writes the unread count into the cache (app/layout/useRealtime.ts): that write reloads the
 * items, so a sent order or an answer shows without a refresh. The caller's own steps are taken on other
 * pages, so the items reload whenever the workbench is opened again and when the window regains focus.
 */
export function useWorkbench() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success' || !event.action.manual) return;
        const [scope, name] = event.query.queryKey;
        if (scope === messageKeys.count[0] && name === messageKeys.count[1]) {
          void queryClient.invalidateQueries({ queryKey: workbenchKeys.items });
        }
      }),
    [queryClient],
  );
  return useQuery({
    queryKey: workbenchKeys.items,
    queryFn: workbenchApi.items,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
  });
}
