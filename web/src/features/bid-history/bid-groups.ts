//! The user's bids gathered by auction for /bid-history (issue 22): one group per auction instead
//! of one card per bid, so a busy bidder's history is a short list of lots, each opened on demand.
import type { AuctionRef, BidStatus, UserBid } from '../../lib/api-types'

/** One auction the user bid on, and those bids. */
export interface BidGroup {
  /** The auction as its newest bid tells it (the freshest status and Buy It Now deadline). */
  auction: AuctionRef
  /** The user's bids on it, newest first. */
  bids: UserBid[]
  /** The newest of them. */
  last: UserBid
  /** The highest price the user's bids took it to. */
  highest: number
  /** Where the user stands in it (the server sends the same standing on each of its bids). */
  standing: BidStatus
}

/** Newest first: the later time, and between equal times the later id. */
function newerFirst(a: UserBid, b: UserBid): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id
}

/**
 * Groups `bids` by auction: the auction bid on most recently first, the bids of each newest first,
 * whatever order they come in (the server sends them newest first, at most 200).
 */
export function groupBidsByAuction(bids: readonly UserBid[]): BidGroup[] {
  const byAuction = new Map<number, UserBid[]>()
  for (const bid of [...bids].sort(newerFirst)) {
    const list = byAuction.get(bid.auction.id)
    if (list) list.push(bid)
    else byAuction.set(bid.auction.id, [bid])
  }
  // A Map keeps insertion order, and each auction was inserted at its newest bid.
  return [...byAuction.values()].map((list) => {
    const last = list[0]
    return {
      auction: last.auction,
      bids: list,
      last,
      highest: Math.max(...list.map((bid) => bid.amount)),
      standing: last.bidStatus,
    }
  })
}
