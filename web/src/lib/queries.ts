//! Server state read over HTTP (TanStack Query): every query key and query function, one entry per
//! resource, all through the one typed API client (`api.ts`: failures are `ApiError`s, answers are
//! typed by the generated contract). Components call `useQuery(userStatsQuery())`; after a change,
//! `queryClient.invalidateQueries({ queryKey: queryKeys.userStats })`. How long each answer stays
//! fresh is set in `query-client.ts`.
//!
//! The live auction state (lists, details, countdowns) is not here: the socket owns it
//! (`realtime.ts`), and the current user is the session's (`session.ts`).
import { queryOptions } from '@tanstack/react-query'
import { api, dataOf } from './api'

/** Keys are hierarchical: `queryKeys.user` matches everything of the logged-in user. */
export const queryKeys = {
  settings: ['settings'],
  adminSettings: ['admin', 'settings'],
  user: ['user'],
  userBids: ['user', 'bids'],
  userPrebids: ['user', 'prebids'],
  userStats: ['user', 'stats'],
  userWonAuctions: ['user', 'won-auctions'],
  userRecentBids: ['user', 'recent-bids'],
} as const

/** `GET /api/settings`: the public site settings (fresh for 5 minutes). */
export const settingsQuery = () =>
  queryOptions({ queryKey: queryKeys.settings, queryFn: () => dataOf(api.GET('/api/settings')) })

/** `GET /api/admin/settings`: the settings form's copy (admin only). */
export const adminSettingsQuery = () =>
  queryOptions({ queryKey: queryKeys.adminSettings, queryFn: () => dataOf(api.GET('/api/admin/settings')) })

/** `GET /api/bids/user`: the user's bids with their status (logged in only). */
export const userBidsQuery = () =>
  queryOptions({ queryKey: queryKeys.userBids, queryFn: () => dataOf(api.GET('/api/bids/user')) })

/** `GET /api/prebids/user`: the user's pre-bids (stale after 30 s; logged in only). */
export const userPrebidsQuery = () =>
  queryOptions({ queryKey: queryKeys.userPrebids, queryFn: () => dataOf(api.GET('/api/prebids/user')) })

/** `GET /api/users/stats` (logged in only). */
export const userStatsQuery = () =>
  queryOptions({ queryKey: queryKeys.userStats, queryFn: () => dataOf(api.GET('/api/users/stats')) })

/** `GET /api/users/won-auctions` (logged in only). */
export const userWonAuctionsQuery = () =>
  queryOptions({ queryKey: queryKeys.userWonAuctions, queryFn: () => dataOf(api.GET('/api/users/won-auctions')) })

/** `GET /api/users/recent-bids` (logged in only). */
export const userRecentBidsQuery = () =>
  queryOptions({ queryKey: queryKeys.userRecentBids, queryFn: () => dataOf(api.GET('/api/users/recent-bids')) })

/** What a bid or a pre-bid changes of the user's data: their list of it, and the profile's
 * stats, recent bids and won auctions. */
export function keysChangedByBid(kind: 'bid' | 'prebid') {
  return [
    kind === 'bid' ? queryKeys.userBids : queryKeys.userPrebids,
    queryKeys.userStats,
    queryKeys.userRecentBids,
    queryKeys.userWonAuctions,
  ]
}
