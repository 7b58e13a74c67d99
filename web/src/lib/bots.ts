//! Telling automatic bidders (house bots) apart from people, so every page can mark them.
import type { Auction, Bid } from './api-types'

/** The name a bid shows: the user's, or the bot's. */
export function bidderName(bid: Bid): string | null {
  return bid.user?.username ?? bid.botName ?? null
}

/** The name a winner shows: a bot's display name (first and last name, as its bids show it), a
 * person's username. A bot's login (`bot_timur`) is the operator's handle, never shown. */
export function winnerName(winner: NonNullable<Auction['winner']>): string {
  const full = [winner.firstName, winner.lastName].filter(Boolean).join(' ')
  return winner.isBot && full ? full : winner.username
}

/** Whether the auction's leader is a bot, as the server says (`lastBidderIsBot`, also carried by
 * every lobby update). */
export function leaderIsBot(auction: Pick<Auction, 'lastBidder' | 'lastBidderIsBot'>): boolean {
  return auction.lastBidder !== null && auction.lastBidderIsBot
}

/** Whether a finished auction's winner is a bot: the server says so, or else its last bid does. */
export function winnerIsBot(auction: Pick<Auction, 'winner'>, bids: readonly Bid[]): boolean {
  if (auction.winner) return auction.winner.isBot
  return bids[0]?.isBot ?? false
}
