//! Recognising automatic bidders by name on the admin pages: a leader (`lastBidder`) or a bid shows
//! a bot by its display name ("Эрлан Бейшеев"), a winner by its username ("bot_erlan").
import type { Bot } from '../../lib/api-types'
import { isBotName } from '../../lib/bots'

export function botNames(bots: readonly Pick<Bot, 'username' | 'firstName' | 'lastName'>[]): Set<string> {
  const names = new Set<string>()
  for (const bot of bots) {
    names.add(bot.username)
    names.add(`${bot.firstName} ${bot.lastName}`.trim())
  }
  return names
}

/** Whether a leader is a bot: one of the known bots, or a name only a bot can have. */
export function isBotLeader(name: string | null, names: ReadonlySet<string>): boolean {
  return name !== null && (names.has(name) || isBotName(name))
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
    .filter((auction) => isBotLeader(auction.lastBidder, names))
    .map((auction) => `${auction.id}:${auction.totalBids}`)
    .sort()
    .join(',')
}
