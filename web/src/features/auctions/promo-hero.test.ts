import { describe, expect, it } from 'vitest'
import { liveAuction } from '../../lib/test-fixtures'
import { promoTarget } from './promo-hero'

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
