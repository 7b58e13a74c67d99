import { describe, expect, it } from 'vitest'
import type { Auction, AuctionLists, Bid, LobbyUpdate, Pause, TimerUpdate } from './api-types'
import {
  MAX_BIDS,
  TIMER_SLACK_MS,
  applyAuctionToList,
  applyAuctionUpdate,
  applyLobbyPatch,
  applyPromotion,
  applyTimersToAuction,
  applyTimersToList,
  correctDeadline,
  isOlder,
  prependBids,
  withPrebidsCount,
} from './realtime-reducers'
import { iso, liveAuction, lobbyUpdate } from './test-fixtures'

const NOW = Date.parse('2026-11-22T10:00:00.000Z')

function auction(over: Partial<Auction> = {}): Auction {
  return liveAuction(NOW, over)
}

function bid(id: number, amount = id / 100): Bid {
  return { id, amount, isBot: false, botName: null, isPrebid: false, isAuto: false, user: { id: 7, username: 'aibek' }, createdAt: iso(NOW) }
}

function lobby(over: Partial<LobbyUpdate> = {}): LobbyUpdate {
  return lobbyUpdate(NOW, over)
}

function list(over: Partial<AuctionLists> = {}): AuctionLists {
  return { live: [auction()], upcoming: [], finished: [], ...over }
}

/** The store went away at `NOW` with 7.4 s left on the countdown. */
const PAUSE: Pause = { reason: 'storeUnavailable', since: iso(NOW), remainingMs: 7_400 }


describe('isOlder', () => {
  it('orders by status first, then by bid count', () => {
    expect(isOlder(auction({ totalBids: 49 }), auction())).toBe(true)
    expect(isOlder(auction({ totalBids: 50 }), auction())).toBe(false)
    expect(isOlder(auction({ totalBids: 51 }), auction())).toBe(false)
    expect(isOlder(auction({ status: 'live' }), auction({ status: 'finished' }))).toBe(true)
    expect(isOlder(auction({ status: 'finished', totalBids: 0 }), auction({ totalBids: 10 }))).toBe(false)
  })
})

describe('prependBids', () => {
  it('prepends new bids and drops duplicates by id', () => {
    const out = prependBids([bid(3), bid(2), bid(1)], [bid(5), bid(4), bid(3)])
    expect(out.map((b) => b.id)).toEqual([5, 4, 3, 2, 1])
  })

  it(`keeps the newest ${MAX_BIDS}`, () => {
    const old = Array.from({ length: MAX_BIDS }, (_, i) => bid(MAX_BIDS - i))
    const out = prependBids(old, [bid(MAX_BIDS + 2), bid(MAX_BIDS + 1)])
    expect(out).toHaveLength(MAX_BIDS)
    expect(out[0].id).toBe(MAX_BIDS + 2)
    expect(out.at(-1)?.id).toBe(3)
  })

  it('returns the same list when nothing is new', () => {
    const bids = [bid(2), bid(1)]
    expect(prependBids(bids, [])).toBe(bids)
    expect(prependBids(bids, [bid(2)])).toBe(bids)
  })

  it('puts a late earlier bid below a later one already shown', () => {
    // The answer to one's own bid (12) came before the socket's news of bid 11.
    const out = prependBids([bid(12), bid(10)], [bid(11)])
    expect(out.map((b) => b.id)).toEqual([12, 11, 10])
  })
})

describe('applyAuctionUpdate', () => {
  const current = { auction: auction(), bids: [bid(2), bid(1)] }

  it('snapshot replaces the auction and the whole bid list', () => {
    const fresh = auction({ totalBids: 40, currentPrice: 0.4 })
    const out = applyAuctionUpdate(current, { type: 'snapshot', auction: fresh, bids: [bid(9)] })
    expect(out).toEqual({ auction: fresh, bids: [bid(9)] })
  })

  it('snapshot keeps at most 50 bids', () => {
    const many = Array.from({ length: 60 }, (_, i) => bid(60 - i))
    expect(applyAuctionUpdate(null, { type: 'snapshot', auction: auction(), bids: many })?.bids).toHaveLength(MAX_BIDS)
  })

  it('bidsPlaced prepends only the new bids and takes the auction', () => {
    const next = auction({ totalBids: 52, currentPrice: 0.52 })
    const out = applyAuctionUpdate(current, { type: 'bidsPlaced', auction: next, bids: [bid(4), bid(3), bid(2)] })
    expect(out?.bids.map((b) => b.id)).toEqual([4, 3, 2, 1])
    expect(out?.auction).toBe(next)
  })

  it('started prepends the converted pre-bids', () => {
    const upcoming = { auction: auction({ status: 'upcoming', endsAt: null, totalBids: 0 }), bids: [] }
    const live = auction({ totalBids: 2 })
    const out = applyAuctionUpdate(upcoming, { type: 'started', auction: live, bids: [bid(2), bid(1)] })
    expect(out).toEqual({ auction: live, bids: [bid(2), bid(1)] })
  })

  it('a late bidsPlaced never rolls the auction back (own bid applied first)', () => {
    const mine = { auction: auction({ totalBids: 52 }), bids: [bid(12), bid(11)] }
    const late = auction({ totalBids: 51 })
    const out = applyAuctionUpdate(mine, { type: 'bidsPlaced', auction: late, bids: [bid(11)] })
    expect(out).toBe(mine)
  })

  it('finished replaces the auction and keeps the bids', () => {
    const done = auction({ status: 'finished', endsAt: null, winner: { id: 7, username: 'aibek', firstName: null, lastName: null, role: 'user', isBot: false } })
    const out = applyAuctionUpdate(current, { type: 'finished', auction: done, bids: [] })
    expect(out?.auction).toBe(done)
    expect(out?.bids).toBe(current.bids)
  })

  it('prebidPlaced and detailsUpdated replace the auction only', () => {
    const more = auction({ prebidsCount: 4 })
    expect(applyAuctionUpdate(current, { type: 'prebidPlaced', auction: more, bids: [] })?.auction.prebidsCount).toBe(4)
    const renamed = auction({ title: 'New title' })
    const out = applyAuctionUpdate(current, { type: 'detailsUpdated', auction: renamed, bids: [] })
    expect(out?.auction.title).toBe('New title')
    expect(out?.bids).toBe(current.bids)
  })

  it('paused, with the same bid count and server time, takes the pause and keeps the bids', () => {
    const paused = auction({ paused: PAUSE })
    const out = applyAuctionUpdate(current, { type: 'paused', auction: paused, bids: [] })
    expect(out?.auction).toBe(paused)
    expect(out?.bids).toBe(current.bids)
  })

  it('resumed clears the pause and takes the new deadline', () => {
    const paused = { auction: auction({ paused: PAUSE }), bids: current.bids }
    const resumed = auction({ endsAt: iso(NOW + 60_000), serverTime: iso(NOW + 50_000) })
    const out = applyAuctionUpdate(paused, { type: 'resumed', auction: resumed, bids: [] })
    expect(out?.auction).toMatchObject({ paused: null, endsAt: iso(NOW + 60_000) })
    expect(out?.bids).toBe(current.bids)
  })

  it('deleted clears the detail', () => {
    expect(applyAuctionUpdate(current, { type: 'deleted', auction: auction(), bids: [] })).toBeNull()
  })
})

describe('applyLobbyPatch', () => {
  it('patches price, leader, deadline and bid count in place', () => {
    const before = list({ live: [auction({ id: 2 }), auction()] })
    const { list: out, refetch } = applyLobbyPatch(before, lobby())
    expect(refetch).toBe(false)
    expect(out.live[1]).toMatchObject({ currentPrice: 0.51, lastBidder: 'demo', endsAt: iso(NOW + 15_000), totalBids: 51 })
    expect(out.live[0]).toBe(before.live[0])
  })

  it('carries whether the new leader is an automatic bidder', () => {
    const { list: out } = applyLobbyPatch(list(), lobby({ lastBidder: 'Эрлан Бейшеев', lastBidderIsBot: true }))
    expect(out.live[0]).toMatchObject({ lastBidder: 'Эрлан Бейшеев', lastBidderIsBot: true })
  })

  it('ignores an older patch', () => {
    const before = list()
    const out = applyLobbyPatch(before, lobby({ totalBids: 49, currentPrice: 0.49 }))
    expect(out).toEqual({ list: before, refetch: false })
    expect(out.list).toBe(before)
  })

  it('moves an auction whose status changed and asks for a refetch', () => {
    const before = list({ live: [], upcoming: [auction({ status: 'upcoming', endsAt: null, totalBids: 0 })] })
    const { list: out, refetch } = applyLobbyPatch(before, lobby({ totalBids: 2 }))
    expect(refetch).toBe(true)
    expect(out.upcoming).toEqual([])
    expect(out.live.map((a) => [a.id, a.status])).toEqual([[1, 'live']])

    const finished = applyLobbyPatch(list(), lobby({ status: 'finished', endsAt: null, totalBids: 50 }))
    expect(finished.refetch).toBe(true)
    expect(finished.list.live).toEqual([])
    expect(finished.list.finished[0].status).toBe('finished')
  })

  it('carries a pause that changes nothing else, and then its end', () => {
    const before = list()
    const { list: paused, refetch } = applyLobbyPatch(before, lobby({ currentPrice: 0.5, lastBidder: 'aibek', endsAt: iso(NOW + 10_000), totalBids: 50, paused: PAUSE }))
    expect(refetch).toBe(false)
    expect(paused.live[0].paused).toEqual(PAUSE)
    const resumed = applyLobbyPatch(paused, lobby({ currentPrice: 0.5, lastBidder: 'aibek', endsAt: iso(NOW + 20_000), totalBids: 50 }))
    expect(resumed.list.live[0]).toMatchObject({ paused: null, endsAt: iso(NOW + 20_000) })
  })

  it('returns the same list for a repeated pause', () => {
    const before = list({ live: [auction({ paused: PAUSE })] })
    const repeat = lobby({ currentPrice: 0.5, lastBidder: 'aibek', endsAt: iso(NOW + 10_000), totalBids: 50, paused: { ...PAUSE } })
    expect(applyLobbyPatch(before, repeat).list).toBe(before)
  })

  it('drops a deleted auction', () => {
    const { list: out, refetch } = applyLobbyPatch(list(), lobby({ deleted: true }))
    expect(out.live).toEqual([])
    expect(refetch).toBe(false)
  })

  it('asks for a refetch for an auction it does not know', () => {
    expect(applyLobbyPatch(list(), lobby({ auctionId: 99 })).refetch).toBe(true)
  })
})

describe('applyAuctionToList', () => {
  it('replaces the auction in place', () => {
    const next = auction({ totalBids: 51, currentPrice: 0.51 })
    const { list: out, refetch } = applyAuctionToList(list(), next)
    expect(out.live[0]).toBe(next)
    expect(refetch).toBe(false)
  })

  it('keeps the newer copy it already has', () => {
    const before = list()
    expect(applyAuctionToList(before, auction({ totalBids: 3 })).list).toBe(before)
  })
})

describe('timers', () => {
  it('leaves a countdown inside the server window alone', () => {
    const a = auction({ endsAt: iso(NOW + 9_300) })
    expect(correctDeadline(a, 10, NOW)).toBe(a)
    expect(correctDeadline(a, 9, NOW + 200)).toBe(a)
  })

  it('moves a countdown that drifted, to the middle of the window', () => {
    const a = auction({ endsAt: iso(NOW + 3_000) })
    const out = correctDeadline(a, 15, NOW)
    expect(out.endsAt).toBe(iso(NOW + 15_000 - TIMER_SLACK_MS))
    const ahead = correctDeadline(auction({ endsAt: iso(NOW + 20_000) }), 5, NOW)
    expect(ahead.endsAt).toBe(iso(NOW + 5_000 - TIMER_SLACK_MS))
  })

  it('zero seconds means the deadline has come', () => {
    expect(correctDeadline(auction({ endsAt: iso(NOW + 4_000) }), 0, NOW).endsAt).toBe(iso(NOW))
    const over = auction({ endsAt: iso(NOW - 100) })
    expect(correctDeadline(over, 0, NOW)).toBe(over)
  })

  it('only touches live auctions', () => {
    const up = auction({ status: 'upcoming', endsAt: null })
    expect(correctDeadline(up, 5, NOW)).toBe(up)
  })

  it('leaves a paused countdown alone: its seconds are frozen while the clock runs', () => {
    const paused = auction({ endsAt: iso(NOW + 10_000), paused: PAUSE })
    expect(correctDeadline(paused, 8, NOW + 5_000)).toBe(paused)
    const before = list({ live: [paused] })
    for (const later of [0, 1_000, 2_000, 30_000]) {
      expect(applyTimersToList(before, { 1: 8 }, NOW + later)).toEqual({ list: before, stale: false })
    }
  })

  it('a paused auction whose seconds move has resumed: the list is stale', () => {
    const before = list({ live: [auction({ paused: PAUSE })] })
    const { list: out, stale } = applyTimersToList(before, { 1: 10 }, NOW + 60_000)
    expect(out).toBe(before)
    expect(stale).toBe(true)
  })

  it('applies a timer map to the live list', () => {
    const before = list({ live: [auction({ id: 1, endsAt: iso(NOW + 9_500) }), auction({ id: 2, endsAt: iso(NOW + 1_000) })] })
    const { list: out, stale } = applyTimersToList(before, { 1: 10, 2: 30 }, NOW)
    expect(out.live[0]).toBe(before.live[0])
    expect(out.live[1].endsAt).toBe(iso(NOW + 30_000 - TIMER_SLACK_MS))
    // A later deadline means someone bid: without lobby updates the list is refetched.
    expect(stale).toBe(true)
  })

  it('returns the same list when every countdown agrees', () => {
    const before = list()
    expect(applyTimersToList(before, { 1: 10 }, NOW)).toEqual({ list: before, stale: false })
    expect(applyTimersToList(before, { 1: 10 }, NOW).list).toBe(before)
  })

  it('is stale when the live sets differ', () => {
    expect(applyTimersToList(list(), {}, NOW).stale).toBe(true)
    expect(applyTimersToList(list(), { 1: 10, 5: 20 }, NOW).stale).toBe(true)
  })

  it('applies a timer map to one auction', () => {
    const a = auction({ endsAt: iso(NOW + 2_000) })
    expect(applyTimersToAuction(a, { 7: 3 }, NOW)).toBe(a)
    expect(applyTimersToAuction(a, { 1: 12 }, NOW).endsAt).toBe(iso(NOW + 12_000 - TIMER_SLACK_MS))
  })

  it('takes the map of a timerUpdate frame from its timers field', () => {
    const frame: TimerUpdate = { type: 'timers', timers: { '1': 12 } }
    expect(applyTimersToAuction(auction(), frame.timers, NOW).endsAt).toBe(iso(NOW + 12_000 - TIMER_SLACK_MS))
  })
})

describe('withPrebidsCount', () => {
  it('takes a higher count, keeps the auction for an equal or lower one', () => {
    const a = auction({ status: 'upcoming', endsAt: null, prebidsCount: 3 })
    expect(withPrebidsCount(a, 4)).toEqual({ ...a, prebidsCount: 4 })
    expect(withPrebidsCount(a, 3)).toBe(a)
    expect(withPrebidsCount(a, 2)).toBe(a)
  })
})

describe('applyPromotion', () => {
  const lists = (): AuctionLists => ({
    live: [auction({ id: 1, isPromoted: false })],
    upcoming: [auction({ id: 2, status: 'upcoming', isPromoted: true }), auction({ id: 3, status: 'upcoming', isPromoted: false })],
    finished: [],
  })

  it('promotes one auction and takes the mark from the other', () => {
    const next = applyPromotion(lists(), auction({ id: 3, status: 'upcoming', isPromoted: true }))
    expect(next.upcoming.map((item) => [item.id, item.isPromoted])).toEqual([
      [2, false],
      [3, true],
    ])
    expect(next.live).toEqual(lists().live)
  })

  it('takes the mark away', () => {
    const next = applyPromotion(lists(), auction({ id: 2, status: 'upcoming', isPromoted: false }))
    expect(next.upcoming.map((item) => item.isPromoted)).toEqual([false, false])
  })

  it('returns the same lists when nothing changes', () => {
    const list = lists()
    expect(applyPromotion(list, auction({ id: 2, status: 'upcoming', isPromoted: true }))).toBe(list)
  })
})
