import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '@/lib/errors';
import { isViewAsMode } from '@/lib/storage';
import { toast } from '@/lib/toast';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** The generic failure toast (spec section 8), except where the logout already speaks. */
export function notifyError(error: unknown): void {
  if (isApiError(error)) {
    if (error.code === 'ERR_CANCELED') return;
    if (error.status === 403 && !isViewAsMode()) return;
  }
  toast.error(errorMessage(error));
}

/** Queries and mutations never retry and do not refetch on focus (spec section 9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
