//! Server state read over HTTP (TanStack Query): every query key and query function, one entry per
//! resource, all through the one typed API client (`api.ts`: failures are `ApiError`s, answers are
//! typed by the generated contract). Components call `useQuery(userStatsQuery())`; after a change,
//! `queryClient.invalidateQueries({ queryKey: queryKeys.userStats })`. How long each answer stays
//! fresh is set in `query-client.ts`.
//!
//! The live auction state (lists, details, countdowns) is not here: the socket owns it
//! (`realtime.ts`), and the current user is the session's (`session.ts`).
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { api, dataOf, isApiError } from './api'
import type { ClaimState, Order, OrderKind, OrderState, OutboxChannel, OutboxState } from './api-types'
import { upsertOrder } from './payments'

/** Keys are hierarchical: `queryKeys.user` matches everything of the logged-in user. */
export const queryKeys = {
  settings: ['settings'],
  /** The footer's figures, counted from the records (public). */
  siteFigures: ['site-figures'],
  /** The public fairness page's figures of the last 30 days. */
  fairness: ['fairness'],
  adminSettings: ['admin', 'settings'],
  user: ['user'],
  userBids: ['user', 'bids'],
  userPrebids: ['user', 'prebids'],
  userStats: ['user', 'stats'],
  userWonAuctions: ['user', 'won-auctions'],
  userRecentBids: ['user', 'recent-bids'],
  /** The user's own spend limits and pause, with what is left of each. */
  userLimits: ['user', 'limits'],
  /** Whether the site has a Telegram bot, and the user's linked chat. */
  userTelegram: ['user', 'telegram'],
  /** Where the user's notices go besides the bell (e-mail, Telegram, SMS, push per kind), and in which
   * language. */
  userNotices: ['user', 'notices'],
  /** The devices the user gets push notices on. */
  userPushDevices: ['user', 'push-devices'],
  /** The server's VAPID public key, or `null`: the site sends no push. */
  pushKey: ['push', 'vapid-key'],
  /** The user's bid-package orders; one order is `[...userOrders, id]`. */
  userOrders: ['user', 'orders'],
  /** The user's won items and the delivery methods with their fees. */
  userClaims: ['user', 'claims'],
  /** The user's watched auctions, a page at a time (the stars themselves: watchlist.ts). */
  userWatchlist: ['user', 'watchlist'],
  /** The user's notices (the newest 50) and the unread count. */
  notifications: ['user', 'notifications'],
  /** The bid packages on sale (public). */
  paymentPackages: ['payments', 'packages'],
  /** Everything of the admin pages (invalidated together after a change that touches many). */
  admin: ['admin'],
  adminUsers: ['admin', 'users'],
  adminFinished: ['admin', 'finished-auctions'],
  adminAuctionStats: ['admin', 'auction-stats'],
  adminStats: ['admin', 'stats'],
  adminAudit: ['admin', 'audit'],
  /** The bots, their assignments and each auction's bots. */
  adminBots: ['admin', 'bots'],
  adminBotSettings: ['admin', 'bot-settings'],
  adminOrders: ['admin', 'orders'],
  adminClaims: ['admin', 'claims'],
  adminPackages: ['admin', 'packages'],
  /** The outbox's messages (e-mail, SMS, Telegram) and their counts by state. */
  adminOutbox: ['admin', 'outbox'],
  /** The nodes sharing the database, with the auctions each holds. */
  adminCluster: ['admin', 'cluster'],
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

/** `GET /api/users/limits` (logged in only). */
export const userLimitsQuery = () =>
  queryOptions({ queryKey: queryKeys.userLimits, queryFn: () => dataOf(api.GET('/api/users/limits')) })

/** `GET /api/me/telegram` (logged in only). */
export const userTelegramQuery = () =>
  queryOptions({ queryKey: queryKeys.userTelegram, queryFn: () => dataOf(api.GET('/api/me/telegram')) })

/** `GET /api/me/notices` (logged in only; asked again each time it is shown: `query-client.ts`). */
export const userNoticesQuery = () =>
  queryOptions({ queryKey: queryKeys.userNotices, queryFn: () => dataOf(api.GET('/api/me/notices')) })

/** `GET /api/me/push-subscriptions`: the user's push devices, the newest first (logged in only). */
export const userPushDevicesQuery = () =>
  queryOptions({ queryKey: queryKeys.userPushDevices, queryFn: async () => (await dataOf(api.GET('/api/me/push-subscriptions'))).items })

/** `GET /api/push/vapid-key`: the key browsers subscribe with; `null` when the site sends no push
 * (404 `push_off`). */
export const pushKeyQuery = () =>
  queryOptions({
    queryKey: queryKeys.pushKey,
    queryFn: async () => {
      try {
        return (await dataOf(api.GET('/api/push/vapid-key'))).publicKey
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null
        throw error
      }
    },
  })

/** `GET /api/users/won-auctions` (logged in only). */
export const userWonAuctionsQuery = () =>
  queryOptions({ queryKey: queryKeys.userWonAuctions, queryFn: () => dataOf(api.GET('/api/users/won-auctions')) })

/** `GET /api/users/recent-bids` (logged in only). */
export const userRecentBidsQuery = () =>
  queryOptions({ queryKey: queryKeys.userRecentBids, queryFn: () => dataOf(api.GET('/api/users/recent-bids')) })

/** `GET /api/payments/packages`: the bid packages on sale, by position (public). */
export const paymentPackagesQuery = () =>
  queryOptions({ queryKey: queryKeys.paymentPackages, queryFn: () => dataOf(api.GET('/api/payments/packages')) })

/** `GET /api/payments/orders`: the user's orders, newest first (logged in only). The socket's
 * `orderUpdate` keeps it current (`realtime.ts`). */
export const userOrdersQuery = () =>
  queryOptions({ queryKey: queryKeys.userOrders, queryFn: () => dataOf(api.GET('/api/payments/orders')) })

/** `GET /api/payments/orders/{id}`: one of the user's orders (404 for anyone else's). */
export const userOrderQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.userOrders, id] as const,
    queryFn: () => dataOf(api.GET('/api/payments/orders/{id}', { params: { path: { id } } })),
  })

/** Writes an order's latest copy into the cache (its own query and the user's list), from the
 * answer to a create or a demo payment, or from the socket's `orderUpdate`. */
export function rememberOrder(client: QueryClient, order: Order) {
  client.setQueryData(userOrderQuery(order.id).queryKey, { order })
  client.setQueryData(userOrdersQuery().queryKey, (data) => (data ? { ...data, orders: upsertOrder(data.orders, order) } : data))
}

/** `GET /api/users/claims`: the user's won items, newest first, and the delivery methods. */
export const userClaimsQuery = () =>
  queryOptions({ queryKey: queryKeys.userClaims, queryFn: () => dataOf(api.GET('/api/users/claims')) })

/** `GET /api/notifications`: the user's newest 50 notices and how many are unread (the socket's
 * `notification` keeps it current, `realtime.ts`). */
export const notificationsQuery = () =>
  queryOptions({ queryKey: queryKeys.notifications, queryFn: () => dataOf(api.GET('/api/notifications')) })

export const WATCHLIST_PER_PAGE = 10

/** `GET /api/me/watchlist`: one page of the user's watched auctions, the latest star first. */
export const userWatchlistQuery = (page: number) =>
  queryOptions({
    queryKey: [...queryKeys.userWatchlist, page] as const,
    queryFn: () => dataOf(api.GET('/api/me/watchlist', { params: { query: { page, limit: WATCHLIST_PER_PAGE } } })),
  })

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

// The admin pages

export const ADMIN_USERS_PER_PAGE = 10
export const AUDIT_PER_PAGE = 20

/** The filters of the admin's order list (empty = any). */
export interface AdminOrderFilter {
  state: string
  kind: string
  /** `card` or `qr`; empty: any. */
  method: string
  /** A provider's name; empty: any. */
  provider: string
  q: string
}

/** `GET /api/admin/orders`: one page of every user's orders, filtered. */
export const adminOrdersQuery = (page: number, filter: AdminOrderFilter) =>
  queryOptions({
    queryKey: [...queryKeys.adminOrders, { page, ...filter }] as const,
    queryFn: () =>
      dataOf(
        api.GET('/api/admin/orders', {
          params: {
            query: {
              page,
              state: (filter.state || undefined) as OrderState | undefined,
              kind: (filter.kind || undefined) as OrderKind | undefined,
              method: filter.method || undefined,
              provider: filter.provider || undefined,
              q: filter.q || undefined,
            },
          },
        }),
      ),
  })

/** `GET /api/admin/claims`: one page of every user's won items, optionally of one state. */
export const adminClaimsQuery = (page: number, state: string) =>
  queryOptions({
    queryKey: [...queryKeys.adminClaims, { page, state }] as const,
    queryFn: () => dataOf(api.GET('/api/admin/claims', { params: { query: { page, state: (state || undefined) as ClaimState | undefined } } })),
  })

/** The filters of the admin's outbox (empty = any). */
export interface AdminOutboxFilter {
  channel: string
  state: string
}

/** `GET /api/admin/outbox`: one page of messages, filtered, with the counts by state. */
export const adminOutboxQuery = (page: number, filter: AdminOutboxFilter) =>
  queryOptions({
    queryKey: [...queryKeys.adminOutbox, { page, ...filter }] as const,
    queryFn: () =>
      dataOf(
        api.GET('/api/admin/outbox', {
          params: {
            query: {
              page,
              channel: (filter.channel || undefined) as OutboxChannel | undefined,
              state: (filter.state || undefined) as OutboxState | undefined,
            },
          },
        }),
      ),
  })

/** `GET /api/admin/cluster`: the nodes (none when this one runs every auction without leases). */
export const adminClusterQuery = () =>
  queryOptions({ queryKey: queryKeys.adminCluster, queryFn: () => dataOf(api.GET('/api/admin/cluster')) })

/** `GET /api/admin/packages`: every bid package, inactive ones too, by position. */
export const adminPackagesQuery = () =>
  queryOptions({ queryKey: queryKeys.adminPackages, queryFn: () => dataOf(api.GET('/api/admin/packages')) })

/** `GET /api/admin/users`: one page of users (10 by default), optionally searched. */
export const adminUsersQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: [...queryKeys.adminUsers, 'page', { page, search }] as const,
    queryFn: () => dataOf(api.GET('/api/admin/users', { params: { query: { page, limit: ADMIN_USERS_PER_PAGE, search: search || undefined } } })),
  })

/** `GET /api/admin/users/today-registrations`. */
export const adminTodayRegistrationsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.adminUsers, 'today-registrations'] as const,
    queryFn: () => dataOf(api.GET('/api/admin/users/today-registrations')),
  })

/** `GET /api/admin/users/{id}/activity`. */
export const adminUserActivityQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.adminUsers, id, 'activity'] as const,
    queryFn: () => dataOf(api.GET('/api/admin/users/{id}/activity', { params: { path: { id } } })),
  })

/** `GET /api/admin/users/{id}/limits`: the user's own spend limits and pause (read-only). */
export const adminUserLimitsQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.adminUsers, id, 'limits'] as const,
    queryFn: () => dataOf(api.GET('/api/admin/users/{id}/limits', { params: { path: { id } } })),
  })

/** `GET /api/admin/finished-auctions`: latest end first. */
export const adminFinishedQuery = () =>
  queryOptions({ queryKey: queryKeys.adminFinished, queryFn: () => dataOf(api.GET('/api/admin/finished-auctions')) })

/** `GET /api/admin/auction-stats/{id}`: the auction id is the key's last part. */
export const adminAuctionStatsQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.adminAuctionStats, id] as const,
    queryFn: () => dataOf(api.GET('/api/admin/auction-stats/{id}', { params: { path: { id } } })),
  })

/** `GET /api/admin/stats`: the system statistics card. */
export const adminStatsQuery = () =>
  queryOptions({ queryKey: queryKeys.adminStats, queryFn: () => dataOf(api.GET('/api/admin/stats')) })

/** `GET /api/admin/audit`: one page of the log, newest first. */
export const adminAuditQuery = (page: number) =>
  queryOptions({
    queryKey: [...queryKeys.adminAudit, page] as const,
    queryFn: () => dataOf(api.GET('/api/admin/audit', { params: { query: { page, limit: AUDIT_PER_PAGE } } })),
  })

/** `GET /api/admin/bots`: every open bot, newest first. */
export const adminBotsQuery = () =>
  queryOptions({ queryKey: [...queryKeys.adminBots, 'list'] as const, queryFn: () => dataOf(api.GET('/api/admin/bots')) })

/** `GET /api/admin/bots/auction-status`: each live and upcoming auction with its bots. */
export const adminBotStatusQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.adminBots, 'auction-status'] as const,
    queryFn: () => dataOf(api.GET('/api/admin/bots/auction-status')),
  })

/** `GET /api/admin/auctions/{id}/bots`: the bots of one auction. */
export const adminAuctionBotsQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.adminBots, 'auction', id] as const,
    queryFn: () => dataOf(api.GET('/api/admin/auctions/{id}/bots', { params: { path: { id } } })),
  })

/** `GET /api/admin/bot-settings`. */
export const adminBotSettingsQuery = () =>
  queryOptions({ queryKey: queryKeys.adminBotSettings, queryFn: () => dataOf(api.GET('/api/admin/bot-settings')) })
