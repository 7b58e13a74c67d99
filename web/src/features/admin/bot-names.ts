//! Which live auctions a bot leads, from the server's `lastBidderIsBot`.
import type { Auction } from '../../lib/api-types'

/**
 * A string that changes whenever a bot takes the lead in one of `auctions` (each bot bid does):
 * the assignments' bid counts are then fetched again, with no polling in between.
 */
export function botLeadSignature(
  auctions: readonly Pick<Auction, 'id' | 'lastBidderIsBot' | 'totalBids'>[],
): string {
  return auctions
    .filter((auction) => auction.lastBidderIsBot)
    .map((auction) => `${auction.id}:${auction.totalBids}`)
    .sort()
    .join(',')
}
