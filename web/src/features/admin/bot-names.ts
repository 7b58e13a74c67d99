//! Recognising automatic bidders by name on the admin pages: a leader (`lastBidder`) or a bid shows
//! a bot by its display name ("Эрлан Бейшеев"), a winner by its username ("bot_erlan").
import type { Bot } from '../../lib/api-types'

export function botNames(bots: readonly Pick<Bot, 'username' | 'firstName' | 'lastName'>[]): Set<string> {
  const names = new Set<string>()
  for (const bot of bots) {
    names.add(bot.username)
    names.add(`${bot.firstName} ${bot.lastName}`.trim())
  }
  return names
}

/**
 * A string that changes whenever a bot takes the lead in one of `auctions` (each bot bid does):
 * the assignments' bid counts are then fetched again, with no polling in between.
 */
export function botLeadSignature(
  auctions: readonly { id: number; lastBidder: string | null; totalBids: number }[],
  names: ReadonlySet<string>,
): string {
  return auctions
    .filter((auction) => auction.lastBidder !== null && names.has(auction.lastBidder))
    .map((auction) => `${auction.id}:${auction.totalBids}`)
    .sort()
    .join(',')
}
