import { MutationCache, QueryCache, QueryClient, type QueryFunction, type QueryKey } from "@tanstack/react-query";
import { ApiError, api } from "./api";
import { queryKeys } from "./queryKeys";

/** The TanStack Query client of the app, with the product's loading rules (docs/product.md). */

/**
 * The URL a query key stands for: the first element is the path, later strings or numbers are
 * path segments and a plain object becomes the query string.
 * `["/api/sessions/range", { startDate, endDate }]` → `/api/sessions/range?startDate=…&endDate=…`.
 */
export function queryKeyToPath(queryKey: QueryKey): string {
  const [first, ...rest] = queryKey;
  let path = String(first);
  const search = new URLSearchParams();
  for (const part of rest) {
    if (part && typeof part === "object") {
      for (const [key, value] of Object.entries(part)) {
        if (value !== undefined && value !== null) search.set(key, String(value));
      }
    } else if (part !== undefined && part !== null) {
      path += `/${encodeURIComponent(String(part))}`;
    }
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Default query function: GET the query key's path, parsed as JSON. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => api.get(queryKeyToPath(queryKey), { signal });

/** How many times a query answered 429 is sent again. */
const QUERY_RETRIES_AFTER_429 = 3;

/**
 * A query client with these rules: no retry but for a read the server asked to wait for (429,
 * e.g. the account's heavy reads at their limit: up to QUERY_RETRIES_AFTER_429 times, a second
 * more each time), no refetch on focus or interval, never stale. A call answered 401 while a
 * user is signed in means their session ended elsewhere (a password change, "Sign out
 * everywhere"): the user is loaded again, which shows the way to sign in.
 */
export function createQueryClient(): QueryClient {
  const sessionEnded = (error: Error) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    const me = client.getQueryData<{ isGuest?: boolean } | null>(queryKeys.me);
    if (me && !me.isGuest) void client.invalidateQueries({ queryKey: queryKeys.me });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: sessionEnded }),
    mutationCache: new MutationCache({ onError: sessionEnded }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: (failures, error) => error instanceof ApiError && error.status === 429 && failures < QUERY_RETRIES_AFTER_429,
        retryDelay: (failures) => 1000 * (failures + 1),
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/** The app's single query client. */
export const queryClient = createQueryClient();
