//! Telling automatic bidders (house bots) apart from people, so every page can mark them.
import type { Auction, Bid } from './api-types'

/** The name a bid shows: the user's, or the bot's. */
export function bidderName(bid: Bid): string | null {
  return bid.user?.username ?? bid.botName ?? null
}

/**
 * Whether a leader's name is a bot's. A bot bids under its display name, "First Last" (both
 * required; docs/decisions.md, "Automatic bidders"), and a username never contains whitespace
 * (letters, digits, `_`, `.`, `-`): so a name with a space is a bot's. The lobby's leader
 * (`lastBidder`) carries no other mark.
 */
export function isBotName(name: string | null | undefined): boolean {
  return typeof name === 'string' && /\s/.test(name.trim())
}

/** Whether the auction's leader is a bot: its newest bid is a bot's and by the leader shown, or
 * the leader's name is a bot's. */
export function leaderIsBot(auction: Pick<Auction, 'lastBidder'>, bids: readonly Bid[]): boolean {
  const top = bids[0]
  if (top && auction.lastBidder !== null && bidderName(top) === auction.lastBidder) return top.isBot
  return isBotName(auction.lastBidder)
}

/** Whether a finished auction's winner is a bot: the server says so, or else its last bid does. */
export function winnerIsBot(auction: Pick<Auction, 'winner'>, bids: readonly Bid[]): boolean {
  if (auction.winner) return auction.winner.isBot
  return bids[0]?.isBot ?? false
}
