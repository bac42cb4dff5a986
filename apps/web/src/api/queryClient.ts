import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { feedback } from '../lib/feedback.ts';
import { ApiError } from './http.ts';

function report(error: unknown, silent: unknown): void {
  if (silent) return;
  if (error instanceof ApiError && error.handled) return;
  feedback.error(error instanceof Error ? error.message : String(error));
}

/** Errors surface once, as the catalogue message; a screen opts out with meta.silent. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta?.silent) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => report(error, mutation.meta?.silent),
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

export const queryClient = createQueryClient();
