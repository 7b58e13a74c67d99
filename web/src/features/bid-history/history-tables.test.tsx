// @vitest-environment jsdom
//! The bid history's pre-bids: one that became a bid shows in a success tone, not the red of an
//! error; on a phone the table stacks into cards whose cells name their column (issue 11). (The
//! bids, grouped by auction: bid-group-list.test.tsx.)
import { afterEach, describe, expect, it } from 'vitest'
import type { UserPrebid } from '../../lib/api-types'
import { render, unmountAll } from '../../test/render'
import { PrebidsTable } from './history-tables'

function prebid(over: Partial<UserPrebid> = {}): UserPrebid {
  return {
    id: 2,
    auctionId: 3,
    createdAt: '2026-11-24T05:00:00Z',
    status: 'live',
    converted: true,
    auction: { id: 3, title: 'iPhone', status: 'live', slug: 'iphone', startTime: '2026-11-24T05:00:00Z', imageUrl: null },
    ...over,
  }
}

const statusBadge = (page: HTMLElement) => page.querySelector<HTMLElement>('[data-testid="prebid-status"]')

describe('pre-bid table', () => {
  afterEach(unmountAll)

  it('shows a pre-bid that became a bid in the success tone', () => {
    const badge = statusBadge(render(<PrebidsTable prebids={[prebid()]} />))
    expect(badge?.className).toContain('badge-success')
    expect(badge?.className).not.toMatch(/badge-(live|danger)/)
    expect(badge?.textContent).toBe('Превращена в ставку')
  })

  it('does not call a pre-bid converted when it did not become a bid', () => {
    const badge = statusBadge(render(<PrebidsTable prebids={[prebid({ converted: false })]} />))
    expect(badge?.className).not.toMatch(/badge-(success|live|danger)/)
    expect(badge?.textContent).toBe('Не стала ставкой')
  })

  it('stacks on a phone: every cell but the auction names its column', () => {
    const page = render(<PrebidsTable prebids={[prebid()]} />)
    expect(page.querySelector('table')?.className).toContain('table-stack')
    const cells = [...page.querySelectorAll('tbody td')]
    const unlabelled = cells.filter((cell) => !cell.hasAttribute('data-label'))
    expect(unlabelled).toHaveLength(1)
    expect(unlabelled[0].querySelector('a')?.textContent).toBe('iPhone')
  })
})
