import { describe, expect, it } from 'vitest'
import { liveAuction } from '../../lib/test-fixtures'
import { promoTarget } from './promo-hero'

const now = Date.parse('2026-11-22T10:00:00Z')
const upcoming = (id: number, over = {}) => liveAuction(now, { id, status: 'upcoming', ...over })

describe('promo hero target', () => {
  it('counts down to the promoted auction', () => {
    expect(promoTarget([upcoming(1), upcoming(2, { isPromoted: true })])?.id).toBe(2)
  })

  it('else to the first upcoming auction that is not a bid package', () => {
    expect(promoTarget([upcoming(1, { isBidPackage: true }), upcoming(2), upcoming(3)])?.id).toBe(2)
    expect(promoTarget([])).toBeUndefined()
  })
})
