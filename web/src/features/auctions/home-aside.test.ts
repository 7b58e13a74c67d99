import { describe, expect, it } from 'vitest'
import { liveAuction } from '../../lib/test-fixtures'
import { dayWinners } from './home-aside'

const now = Date.UTC(2026, 11, 6, 12)
const finished = (id: number, winner: boolean) =>
  liveAuction(now, {
    id,
    status: 'finished',
    winner: winner ? { id: 9, username: 'aibek', isBot: false, firstName: null, lastName: null, role: 'user' } : null,
  })

describe('dayWinners', () => {
  it('lists only lots someone won: a lot that ended without a bid has no winner to show', () => {
    expect(dayWinners([finished(1, true), finished(2, false), finished(3, true)]).map((a) => a.id)).toEqual([1, 3])
  })
})
