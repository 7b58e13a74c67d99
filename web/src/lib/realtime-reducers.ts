//! Pure functions that fold the server's realtime messages (docs/api.md, "Realtime"; typed by the
//! generated `ServerEvent`) into the client's auction state. No I/O and no clock: `lib/realtime.ts`
//! calls them with the current state and the server time, and writes the results into atoms. Every
//! function returns its input unchanged (the same object) when nothing changed, so atoms do not
//! re-render for nothing.
import type { Auction, AuctionEvent, AuctionLists, AuctionStatus, Bid, LobbyUpdate, Pause, TimerMap } from './api-types'

/** The bid history keeps the newest 50 bids, as `GET /api/auctions/{id}/bids` does. */
export const MAX_BIDS = 50

/** An auction with its recent bids, newest first. */
export interface AuctionWithBids {
  auction: Auction
  bids: Bid[]
}

const STATUS_RANK: Record<AuctionStatus, number> = { upcoming: 0, live: 1, finished: 2 }

/**
 * Whether `incoming` describes an older state of the auction than `current` (fewer bids, or an
 * earlier status): a late answer must never undo a newer one. Equal states count as not older.
 */
export function isOlder(incoming: Pick<Auction, 'totalBids' | 'status'>, current: Pick<Auction, 'totalBids' | 'status'>): boolean {
  if (STATUS_RANK[incoming.status] !== STATUS_RANK[current.status]) return STATUS_RANK[incoming.status] < STATUS_RANK[current.status]
  return incoming.totalBids < current.totalBids
}

/** `current` replaced by `incoming` unless `incoming` is older. */
export function newerAuction(current: Auction | null | undefined, incoming: Auction): Auction {
  return current && current.id === incoming.id && isOlder(incoming, current) ? current : incoming
}

/** Newest first: each bid raises the price, so a higher amount is a later bid. */
function newestFirst(a: Bid, b: Bid): number {
  return b.amount - a.amount || Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id
}

/**
 * Prepends `incoming` (newest first) to `bids`, skipping bids already there (by id), keeping the
 * newest `MAX_BIDS`. When bids arrive out of order (the answer to one's own bid before the socket's
 * news of an earlier one) the list is put back in order by amount.
 */
export function prependBids(bids: Bid[], incoming: Bid[]): Bid[] {
  const seen = new Set(bids.map((bid) => bid.id))
  const fresh: Bid[] = []
  for (const bid of incoming) {
    if (seen.has(bid.id)) continue
    seen.add(bid.id)
    fresh.push(bid)
  }
  if (fresh.length === 0) return bids
  const merged = [...fresh, ...bids]
  const ordered = merged.every((bid, i) => i === 0 || merged[i - 1].amount >= bid.amount)
  return (ordered ? merged : merged.sort(newestFirst)).slice(0, MAX_BIDS)
}

/**
 * Applies an `auctionUpdate` of a joined auction to its detail (`null` before anything was loaded).
 * By its `type`: `snapshot` replaces everything; `bidsPlaced` and `started` prepend the new bids;
 * the others replace the auction only (`paused` and `resumed` carry the bid count they found, so
 * they are never older than what is shown). Returns `null` for `deleted`.
 */
export function applyAuctionUpdate(current: AuctionWithBids | null, update: AuctionEvent): AuctionWithBids | null {
  switch (update.type) {
    case 'deleted':
      return null
    case 'snapshot':
      return { auction: update.auction, bids: update.bids.slice(0, MAX_BIDS) }
    case 'bidsPlaced':
    case 'started': {
      if (!current) return { auction: update.auction, bids: update.bids.slice(0, MAX_BIDS) }
      const auction = newerAuction(current.auction, update.auction)
      const bids = prependBids(current.bids, update.bids)
      return auction === current.auction && bids === current.bids ? current : { auction, bids }
    }
    default: {
      if (!current) return { auction: update.auction, bids: [] }
      const auction = newerAuction(current.auction, update.auction)
      return auction === current.auction ? current : { auction, bids: current.bids }
    }
  }
}

/** Whether two pauses are the same (both none, or the same reason, start and frozen time). */
function samePause(a: Pause | null, b: Pause | null): boolean {
  if (!a || !b) return a === b
  return a.reason === b.reason && a.since === b.since && a.remainingMs === b.remainingMs
}

/** The auction with a lobby patch applied (unchanged when the patch is older). */
export function patchAuction(auction: Auction, patch: LobbyUpdate): Auction {
  if (auction.id !== patch.auctionId || isOlder(patch, auction)) return auction
  if (
    samePause(auction.paused, patch.paused) &&
    auction.status === patch.status &&
    auction.currentPrice === patch.currentPrice &&
    auction.lastBidder === patch.lastBidder &&
    auction.lastBidderIsBot === patch.lastBidderIsBot &&
    auction.endsAt === patch.endsAt &&
    auction.totalBids === patch.totalBids
  ) {
    return auction
  }
  return {
    ...auction,
    status: patch.status,
    currentPrice: patch.currentPrice,
    lastBidder: patch.lastBidder,
    lastBidderIsBot: patch.lastBidderIsBot,
    endsAt: patch.endsAt,
    serverTime: patch.serverTime,
    totalBids: patch.totalBids,
    paused: patch.paused,
  }
}

/** The auction with the pre-bid count of an answer to a pre-bid: counts only grow, so a lower one
 * is older than what is shown and leaves the auction unchanged. */
export function withPrebidsCount(auction: Auction, prebidsCount: number): Auction {
  return prebidsCount > auction.prebidsCount ? { ...auction, prebidsCount } : auction
}

export interface ListChange {
  list: AuctionLists
  /** The list cannot be made right locally (an auction changed status, or is unknown): refetch it. */
  refetch: boolean
}

const BUCKETS = ['live', 'upcoming', 'finished'] as const

function find(list: AuctionLists, id: number): Auction | undefined {
  for (const bucket of BUCKETS) {
    const found = list[bucket].find((item) => item.id === id)
    if (found) return found
  }
  return undefined
}

function time(iso: string | null | undefined, fallback: number): number {
  const parsed = iso ? Date.parse(iso) : Number.NaN
  return Number.isNaN(parsed) ? fallback : parsed
}

/** Each bucket in the order of `GET /api/auctions`. */
function sortBucket(bucket: (typeof BUCKETS)[number], items: Auction[]): Auction[] {
  const sorted = [...items]
  if (bucket === 'live') sorted.sort((a, b) => time(a.endsAt, Infinity) - time(b.endsAt, Infinity))
  if (bucket === 'upcoming') sorted.sort((a, b) => time(a.startTime, Infinity) - time(b.startTime, Infinity))
  if (bucket === 'finished') sorted.sort((a, b) => time(b.endTime, -Infinity) - time(a.endTime, -Infinity))
  return sorted
}

/** Puts `auction` into the list: in place when its status is unchanged, else moved to its bucket. */
function place(list: AuctionLists, auction: Auction): AuctionLists {
  const next: AuctionLists = { ...list }
  let moved = false
  for (const bucket of BUCKETS) {
    const index = list[bucket].findIndex((item) => item.id === auction.id)
    if (index === -1) continue
    if (bucket === auction.status) {
      next[bucket] = list[bucket].map((item) => (item.id === auction.id ? auction : item))
    } else {
      next[bucket] = list[bucket].filter((item) => item.id !== auction.id)
      moved = true
    }
  }
  if (moved) next[auction.status] = sortBucket(auction.status, [...next[auction.status], auction])
  return next
}

/** Applies a full auction object (an `auctionUpdate`, or the answer to a bid) to the lists. */
export function applyAuctionToList(list: AuctionLists, auction: Auction): ListChange {
  const current = find(list, auction.id)
  if (!current) return { list, refetch: auction.status !== 'finished' }
  const next = newerAuction(current, auction)
  if (next === current) return { list, refetch: false }
  return { list: place(list, next), refetch: next.status !== current.status }
}

/** Drops one auction from every bucket. */
export function removeFromList(list: AuctionLists, id: number): AuctionLists {
  if (!find(list, id)) return list
  return {
    live: list.live.filter((item) => item.id !== id),
    upcoming: list.upcoming.filter((item) => item.id !== id),
    finished: list.finished.filter((item) => item.id !== id),
  }
}

/**
 * Applies a lobby update: drops a deleted auction; patches price, leader, deadline and bid count;
 * moves an auction whose status changed and asks for a refetch (the full object has changed
 * more than the patch says, e.g. winner), as it does for an auction the list does not hold.
 */
export function applyLobbyPatch(list: AuctionLists, patch: LobbyUpdate): ListChange {
  if (patch.deleted) return { list: removeFromList(list, patch.auctionId), refetch: false }
  const current = find(list, patch.auctionId)
  if (!current) return { list, refetch: patch.status !== 'finished' }
  const next = patchAuction(current, patch)
  if (next === current) return { list, refetch: false }
  return { list: place(list, next), refetch: next.status !== current.status }
}

/** Slack around the server's rounded-up seconds before a local countdown is corrected. */
export const TIMER_SLACK_MS = 500

/**
 * Corrects a live auction's deadline with the server's seconds left. `now` is the server time as
 * the client estimates it. The server's exact remainder lies in ((s-1)·1000, s·1000] ms; a local
 * countdown outside that window (plus slack) moves `endsAt` to the middle of it. Otherwise the
 * auction is returned unchanged, so a countdown keeps ticking smoothly from `endsAt`. A paused
 * auction is left alone: its seconds are frozen while the clock runs, and `resumed` brings the
 * new deadline.
 */
export function correctDeadline(auction: Auction, secondsLeft: number, now: number): Auction {
  if (auction.status !== 'live' || auction.paused || !Number.isFinite(secondsLeft)) return auction
  const seconds = Math.max(0, secondsLeft)
  const local = auction.endsAt ? time(auction.endsAt, Number.NaN) - now : Number.NaN
  const low = seconds === 0 ? -Infinity : (seconds - 1) * 1000 - TIMER_SLACK_MS
  const high = seconds * 1000 + TIMER_SLACK_MS
  if (!Number.isNaN(local) && local >= low && local <= high) return auction
  const target = seconds === 0 ? now : now + seconds * 1000 - TIMER_SLACK_MS
  return { ...auction, endsAt: new Date(target).toISOString() }
}

export interface TimerChange {
  list: AuctionLists
  /**
   * The timers disagree with the list beyond a countdown correction: a live auction is missing
   * from them or unknown to the list, a deadline moved later (someone bid), or a paused auction's
   * seconds moved (it resumed). Without the socket's lobby updates the list is then refetched.
   */
  stale: boolean
}

/** Applies a timer map to the live bucket of the lists. */
export function applyTimersToList(list: AuctionLists, timers: TimerMap, now: number): TimerChange {
  let changed = false
  let stale = false
  let matched = 0
  const live = list.live.map((auction) => {
    const seconds = timers[String(auction.id)]
    if (seconds === undefined) {
      stale = true
      return auction
    }
    matched += 1
    // The timers freeze a paused auction at its remainder rounded up; other seconds mean it runs
    // again, and (without the socket's lobby updates) only a refetch brings its new deadline.
    if (auction.paused) {
      if (seconds !== Math.ceil(auction.paused.remainingMs / 1000)) stale = true
      return auction
    }
    const next = correctDeadline(auction, seconds, now)
    if (next !== auction) {
      changed = true
      if (time(next.endsAt, 0) > time(auction.endsAt, 0) + 1000) stale = true
    }
    return next
  })
  if (matched !== Object.keys(timers).length) stale = true
  return { list: changed ? { ...list, live } : list, stale }
}

/** Applies a timer map to one auction (a detail page's). */
export function applyTimersToAuction(auction: Auction, timers: TimerMap, now: number): Auction {
  const seconds = timers[String(auction.id)]
  return seconds === undefined ? auction : correctDeadline(auction, seconds, now)
}

/**
 * Applies the answer to a promotion change: the auction as saved, and (at most one auction is
 * promoted) no other auction promoted when it is. Unchanged lists come back as they were.
 */
export function applyPromotion(list: AuctionLists, saved: Auction): AuctionLists {
  let changed = false
  const bucket = (items: Auction[]) => {
    let touched = false
    const next = items.map((auction) => {
      if (auction.id === saved.id) {
        if (auction.isPromoted === saved.isPromoted) return auction
        touched = true
        return { ...auction, isPromoted: saved.isPromoted }
      }
      if (saved.isPromoted && auction.isPromoted) {
        touched = true
        return { ...auction, isPromoted: false }
      }
      return auction
    })
    if (touched) changed = true
    return touched ? next : items
  }
  const next = { live: bucket(list.live), upcoming: bucket(list.upcoming), finished: bucket(list.finished) }
  return changed ? next : list
}
