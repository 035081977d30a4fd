import { QueryClient } from '@tanstack/react-query';

/**
 * Fetch semantics of the product: data never goes stale, no refetch on window focus, no retries
 * for queries or mutations. The only polling (client usage, every 30 s) is set on that query.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
