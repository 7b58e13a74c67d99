//! The app's one TanStack Query client, with the caching rules of spec section 9 in one place:
//! answers never go stale, except the public settings (5 minutes), the user's pre-bid list
//! (30 s) and the user's notice settings (stale at once: whether the user can be reached by SMS or
//! Telegram changes on other pages and in Telegram itself, so the profile asks each time); nothing refetches by itself (no interval, no window focus, no reconnect; a mount
//! refetches only what is stale) and nothing is retried. Requests go out when asked, online or
//! not (`networkMode: 'always'`): a failure shows at once, and a bid never waits for the network
//! to come back to be placed later at another price. A change refetches through
//! `invalidateQueries`; logout (and login) clear the whole cache (`session.ts`).
import { QueryClient } from '@tanstack/react-query'
import { queryKeys } from './queries'

export const SETTINGS_CACHE_MS = 300_000
export const PREBIDS_STALE_MS = 30_000

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  })
  client.setQueryDefaults(queryKeys.settings, { staleTime: SETTINGS_CACHE_MS })
  client.setQueryDefaults(queryKeys.userPrebids, { staleTime: PREBIDS_STALE_MS })
  client.setQueryDefaults(queryKeys.userNotices, { staleTime: 0 })
  return client
}

/** React reaches it through `<QueryClientProvider>`; modules outside React import it. */
export const queryClient = createQueryClient()
