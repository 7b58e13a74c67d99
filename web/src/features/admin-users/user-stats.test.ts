import { describe, expect, it } from 'vitest'
import { pageStats } from './user-stats'

describe('users page stats', () => {
  it('counts the users on the page who bid and the admins', () => {
    expect(pageStats([])).toEqual({ active: 0, admins: 0 })
    expect(
      pageStats([
        { totalBids: 0, role: 'admin' },
        { totalBids: 4, role: 'user' },
        { totalBids: 1, role: 'admin' },
      ]),
    ).toEqual({ active: 2, admins: 2 })
  })
})
