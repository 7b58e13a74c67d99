import { describe, expect, it } from 'vitest'
import { iso, liveAuction } from '../../lib/test-fixtures'
import { heroBadge, heroCountdown, promoTarget } from './promo-hero'

const now = Date.UTC(2026, 10, 23, 12)
const upcoming = (id: number, over = {}) => liveAuction(now, { id, status: 'upcoming', endsAt: null, ...over })

describe('promoTarget', () => {
  it('follows the promoted auction, live or upcoming', () => {
    const live = [liveAuction(now, { id: 7, isPromoted: true })]
    expect(promoTarget([upcoming(1)], live)?.id).toBe(7)
    expect(promoTarget([upcoming(1), upcoming(2, { isPromoted: true })], [liveAuction(now)])?.id).toBe(2)
  })

  it('falls back to the first upcoming lot that is not a bid package', () => {
    expect(promoTarget([upcoming(1, { isBidPackage: true }), upcoming(2)], [])?.id).toBe(2)
    expect(promoTarget([], [])).toBeUndefined()
  })
})

describe('heroBadge', () => {
  it('calls only the promoted lot the lot of the week; one that merely starts next is the next lot', () => {
    expect(heroBadge(upcoming(2, { isPromoted: true }))).toBe('home.hero.badge')
    expect(heroBadge(upcoming(1))).toBe('home.hero.badgeNext')
    expect(heroBadge(undefined)).toBe('home.hero.badge')
  })
})

describe('heroCountdown', () => {
  const fallback = now + 5_000

  it('counts to an upcoming start, a live deadline, or the fallback', () => {
    expect(heroCountdown(upcoming(1, { startTime: iso(now + 60_000) }), now, fallback)).toEqual({ title: 'home.hero.startsIn', left: 60_000, paused: false })
    expect(heroCountdown(liveAuction(now), now, fallback)).toEqual({ title: 'home.hero.liveNow', left: 10_000, paused: false })
    expect(heroCountdown(undefined, now, fallback)).toEqual({ title: 'home.hero.startsIn', left: 5_000, paused: false })
  })

  it('shows a paused live auction its frozen remainder, however late it is', () => {
    const paused = liveAuction(now, { paused: { reason: 'storeUnavailable', since: iso(now), remainingMs: 4_200 } })
    expect(heroCountdown(paused, now + 90_000, fallback)).toEqual({ title: 'home.hero.paused', left: 4_200, paused: true })
  })
})
