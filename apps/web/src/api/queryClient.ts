import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { feedback } from '../lib/feedback.ts';
import { errorText, fieldErrorsOf, placeFieldErrors } from '../lib/fieldErrors.ts';
import { ApiError } from './http.ts';

interface ReportMeta {
  silent?: unknown;
  /** The form a mutation submits: field problems are shown beside its fields. */
  form?: unknown;
}

function report(error: unknown, meta: ReportMeta | undefined): void {
  if (meta?.silent) return;
  if (error instanceof ApiError && error.handled) return;
  if (meta?.form) {
    const placed = fieldErrorsOf(error);
    const rest = placeFieldErrors(meta.form as FormInstance, error);
    // A refusal whose sentence already stands beside its field is not said a second time.
    const saidBeside = rest.length === 0 && placed.some((e) => error instanceof Error && e.message === error.message);
    if (!saidBeside) feedback.error(errorText(error, rest));
    return;
  }
  feedback.error(errorText(error));
}

/**
 * Errors surface once, in the reader's language: the catalogue message with each field problem
 * labelled, or beside the fields of the form a mutation names in `meta.form`; a screen opts out with
 * meta.silent.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => report(error, mutation.meta),
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
