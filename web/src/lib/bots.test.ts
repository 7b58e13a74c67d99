import { describe, expect, it } from 'vitest'
import type { Bid } from './api-types'
import { bidderName, leaderIsBot, winnerIsBot } from './bots'
import { iso, liveAuction } from './test-fixtures'

const now = Date.parse('2026-01-01T12:00:00Z')
const personBid = (id: number, username: string): Bid => ({
  id,
  amount: 0.5,
  isBot: false,
  botName: null,
  isPrebid: false,
  isAuto: false,
  user: { id: 7, username },
  createdAt: iso(now),
})
const botBid = (id: number, botName: string): Bid => ({ ...personBid(id, ''), isBot: true, botName, user: null })

describe('automatic bidders', () => {
  it('names a bid by its user or its bot', () => {
    expect(bidderName(personBid(1, 'aibek'))).toBe('aibek')
    expect(bidderName(botBid(2, 'Азамат'))).toBe('Азамат')
  })

  it('marks the leader as the server flags it', () => {
    expect(leaderIsBot(liveAuction(now, { lastBidder: 'Динара Алиева', lastBidderIsBot: true }))).toBe(true)
    expect(leaderIsBot(liveAuction(now, { lastBidder: 'aibek', lastBidderIsBot: false }))).toBe(false)
    expect(leaderIsBot(liveAuction(now, { lastBidder: null, lastBidderIsBot: true }))).toBe(false)
  })

  it('takes the winner’s flag from the server, else from the last bid', () => {
    const winner = { id: 5, username: 'Азамат', firstName: null, lastName: null, role: 'user' as const, isBot: true }
    expect(winnerIsBot(liveAuction(now, { winner }), [])).toBe(true)
    expect(winnerIsBot(liveAuction(now, { winner: { ...winner, isBot: false } }), [botBid(2, 'x')])).toBe(false)
    expect(winnerIsBot(liveAuction(now), [botBid(2, 'Азамат')])).toBe(true)
    expect(winnerIsBot(liveAuction(now), [])).toBe(false)
  })
})
