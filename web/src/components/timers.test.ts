import { describe, expect, it } from 'vitest'
import { formatTimer } from '../lib/format'
import { iso, liveAuction } from '../lib/test-fixtures'
import { ANNOUNCE_AT_MS, URGENT_MS, countdownAnnouncement, liveCountdown } from './timers'

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

describe('countdownAnnouncement', () => {
  const running = (left: number) => ({ left, paused: false })

  it('stays silent above the first threshold and at the end', () => {
    for (const left of [60_000, 10_001, 0]) expect(countdownAnnouncement(running(left))).toBeNull()
  })

  it('names the last threshold crossed, so the text changes only twice per countdown', () => {
    const spoken = [10_000, 9_000, 6_000, 5_000, 4_000, 1_000].map((left) => countdownAnnouncement(running(left)))
    expect(spoken).toEqual([10, 10, 10, 5, 5, 5])
    expect(ANNOUNCE_AT_MS.map((ms) => ms / 1000)).toEqual([10, 5])
  })

  it('says nothing about a paused auction', () => {
    expect(countdownAnnouncement({ left: 3_000, paused: true })).toBeNull()
  })
})
