import { describe, expect, it } from 'vitest'
import { formatTimer } from '../lib/format'
import { iso, liveAuction } from '../lib/test-fixtures'
import { URGENT_MS, liveCountdown } from './timers'

const NOW = Date.parse('2026-11-24T06:00:00.000Z')

describe('liveCountdown', () => {
  it('counts down to the deadline and turns urgent near it', () => {
    const auction = liveAuction(NOW, { endsAt: iso(NOW + 8_000) })
    expect(liveCountdown(auction, NOW)).toEqual({ left: 8_000, paused: false, urgent: false })
    expect(liveCountdown(auction, NOW + 8_000 - URGENT_MS)).toMatchObject({ urgent: true })
  })

  it('shows a paused auction its frozen remainder, never urgent, whatever the clock says', () => {
    const pause = { reason: 'storeUnavailable', since: iso(NOW), remainingMs: 3_200 } as const
    const auction = liveAuction(NOW, { endsAt: iso(NOW + 3_200), paused: pause })
    for (const later of [0, 1_000, 60_000]) {
      expect(liveCountdown(auction, NOW + later)).toEqual({ left: 3_200, paused: true, urgent: false })
    }
    expect(formatTimer(liveCountdown(auction, NOW + 60_000).left)).toBe('00:04')
  })
})
