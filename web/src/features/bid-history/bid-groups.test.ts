//! Grouping the user's bids by auction for /bid-history (issue 22).
import { describe, expect, it } from 'vitest'
import type { UserBid } from '../../lib/api-types'
import { groupBidsByAuction } from './bid-groups'

function bid(id: number, auctionId: number, minute: number, amount: number, over: Partial<UserBid> = {}): UserBid {
  return {
    id,
    amount,
    isBot: false,
    botName: null,
    isPrebid: false,
    createdAt: `2026-11-24T05:${String(minute).padStart(2, '0')}:00Z`,
    bidStatus: 'outbid',
    auction: { id: auctionId, title: `Lot ${auctionId}`, status: 'live', slug: `lot-${auctionId}` },
    ...over,
  }
}

describe('groupBidsByAuction', () => {
  it('makes one group per auction, the auction bid on most recently first', () => {
    const groups = groupBidsByAuction([bid(5, 1, 50, 0.5), bid(4, 2, 40, 0.2), bid(3, 1, 30, 0.3), bid(2, 3, 20, 0.1)])
    expect(groups.map((group) => group.auction.id)).toEqual([1, 2, 3])
    expect(groups.map((group) => group.bids.map((item) => item.id))).toEqual([[5, 3], [4], [2]])
  })

  it('orders by time whatever order the bids come in, the later id first at the same time', () => {
    const groups = groupBidsByAuction([bid(1, 7, 10, 0.1), bid(3, 8, 30, 0.3), bid(2, 7, 10, 0.2)])
    expect(groups.map((group) => group.auction.id)).toEqual([8, 7])
    expect(groups[1].bids.map((item) => item.id)).toEqual([2, 1])
    expect(groups[1].last.id).toBe(2)
  })

  it("tells each auction's highest price, newest bid, standing and freshest auction data", () => {
    const newest = bid(9, 4, 59, 0.35, { bidStatus: 'lost', auction: { id: 4, title: 'TV', status: 'finished', slug: 'tv', buyNowUntil: '2026-11-25T05:00:00Z' } })
    const [group] = groupBidsByAuction([bid(1, 4, 1, 0.02), newest, bid(5, 4, 30, 0.2)])
    expect(group.highest).toBe(0.35)
    expect(group.last).toBe(newest)
    expect(group.standing).toBe('lost')
    expect(group.auction).toEqual(newest.auction)
    expect(group.bids).toHaveLength(3)
  })

  it('has no group for no bids', () => {
    expect(groupBidsByAuction([])).toEqual([])
  })
})
