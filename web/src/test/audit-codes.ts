//! What the server writes to the audit log (`db::audit::record` and the `audit` / `record_after`
//! helpers around it), copied from the Rust sources named on each line: every action code, the
//! target type it names, and the fields its `before`/`after` may hold. A new action on the server
//! belongs here; audit-labels.test.ts then checks that the log reads it in all four languages.

export interface ServerAuditAction {
  code: string
  target: string
  fields: readonly string[]
  /** Where the server writes it. */
  source: string
}

/** The fields of an auction's audit record: its form (`AuctionDetails`, actors/src/snapshot.rs) and start. */
const AUCTION_FORM = [
  'title',
  'description',
  'imageUrl',
  'retailPrice',
  'isBidPackage',
  'bidPackageBids',
  'category',
  'condition',
  'estimatedValue',
  'kind',
  'winLimited',
  'noNewBiddersAfter',
  'buyNowStock',
  'houseReserve',
  'openingSecs',
  'startTime',
] as const

/** `shown` in src/app/bots.rs. */
const BOT = ['username', 'firstName', 'lastName', 'isActive'] as const
/** `logged` in src/app/assignments.rs. */
const ASSIGNMENT = ['auctionId', 'botId', 'isActive', 'bidLimit'] as const
/** `audit_json` in src/app/packages.rs. */
const PACKAGE = ['bids', 'price', 'originalPrice', 'popular', 'active', 'position'] as const
/** `SiteSettings` in src/db/settings.rs (`fields` in src/app/settings.rs). */
const SETTINGS = [
  'currency',
  'currencySymbol',
  'siteName',
  'language',
  'headerTagline',
  'footerDescription',
  'contactAddress',
  'contactPhone',
  'contactEmail',
  'texts',
] as const
/** `to_json` in src/db/admin_users.rs. */
const USER = ['username', 'firstName', 'lastName', 'email', 'phone', 'bidBalance', 'role'] as const

export const SERVER_AUDIT_ACTIONS: readonly ServerAuditAction[] = [
  { code: 'auction.create', target: 'auction', fields: AUCTION_FORM, source: 'src/app/auctions.rs' },
  { code: 'auction.update', target: 'auction', fields: AUCTION_FORM, source: 'src/app/auctions.rs' },
  { code: 'auction.end', target: 'auction', fields: ['status', 'currentPrice', 'winner'], source: 'src/app/auctions.rs' },
  {
    code: 'auction.delete',
    target: 'auction',
    fields: [...AUCTION_FORM, 'status', 'currentPrice', 'totalBids'],
    source: 'src/app/auctions.rs (record_deletion)',
  },
  { code: 'auction.promote', target: 'auction', fields: ['isPromoted'], source: 'src/app/promotion.rs' },
  { code: 'user.update', target: 'user', fields: USER, source: 'src/app/users.rs' },
  { code: 'user.delete', target: 'user', fields: ['username', 'role', 'bidBalance'], source: 'src/app/users.rs' },
  { code: 'bot.create', target: 'bot', fields: BOT, source: 'src/app/bots.rs' },
  { code: 'bot.update', target: 'bot', fields: BOT, source: 'src/app/bots.rs' },
  { code: 'bot.delete', target: 'bot', fields: [...BOT, 'auctions'], source: 'src/app/bots.rs' },
  { code: 'bot.assign', target: 'bot', fields: ASSIGNMENT, source: 'src/app/assignments.rs' },
  { code: 'bot.assignment_update', target: 'bot', fields: ASSIGNMENT, source: 'src/app/assignments.rs' },
  { code: 'bot.unassign', target: 'bot', fields: ASSIGNMENT, source: 'src/app/assignments.rs' },
  {
    code: 'bot_settings.update',
    target: 'bot_settings',
    fields: ['enabled', 'minDelay', 'maxDelay', 'activeBots'],
    source: 'src/app/bots.rs (BotSettings, actors/src/bots.rs)',
  },
  { code: 'settings.update', target: 'settings', fields: SETTINGS, source: 'src/app/settings.rs' },
  { code: 'claim.ship', target: 'claim', fields: ['state', 'tracking'], source: 'src/app/claims.rs' },
  { code: 'claim.deliver', target: 'claim', fields: ['state', 'tracking'], source: 'src/app/claims.rs' },
  {
    code: 'order.refund',
    target: 'order',
    fields: ['state', 'refundBids', 'refundAmount', 'expiredClaim'],
    source: 'src/app/orders.rs',
  },
  { code: 'package.create', target: 'package', fields: PACKAGE, source: 'src/app/packages.rs' },
  { code: 'package.update', target: 'package', fields: PACKAGE, source: 'src/app/packages.rs' },
  { code: 'outbox.retry', target: 'outbox', fields: ['state', 'attempts', 'lastError'], source: 'src/app/outbox.rs' },
  { code: 'cluster.drain', target: 'node', fields: ['node', 'draining'], source: 'src/app/cluster.rs' },
  { code: 'cluster.resume', target: 'node', fields: ['node', 'draining'], source: 'src/app/cluster.rs' },
]

/**
 * The enum values those fields take, by field, and the target they belong to when a field means
 * different things (a won item's `state`, an order's): `AuctionStatus` (actors/src/snapshot.rs),
 * `AuctionKind` (actors/src/fairness.rs), `ClaimState` (src/claims.rs), the order states of
 * src/app/orders.rs, `OutboxState` (src/statuses.rs), `Role::as_str` (src/db/admin_users.rs), the site languages.
 */
export const SERVER_AUDIT_VALUES: readonly { field: string; target: string; values: readonly string[] }[] = [
  { field: 'status', target: 'auction', values: ['upcoming', 'live', 'finished'] },
  { field: 'kind', target: 'auction', values: ['standard', 'beginner'] },
  { field: 'state', target: 'claim', values: ['reserved', 'claimed', 'paid', 'shipped', 'delivered', 'passed', 'expired'] },
  { field: 'state', target: 'order', values: ['paid', 'refunded'] },
  { field: 'state', target: 'outbox', values: ['failed', 'pending'] },
  { field: 'role', target: 'user', values: ['admin', 'user'] },
  { field: 'language', target: 'settings', values: ['ru', 'en', 'ka', 'ky'] },
]
