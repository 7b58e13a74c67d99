// @vitest-environment jsdom
//! The bid history marks automatic bidders as the detail page does, shows each auction's status,
//! and shows a pre-bid that became a bid in a success tone, not the red of an error; on a phone its
//! tables stack into cards whose cells name their column (issue 11).
import { afterEach, describe, expect, it } from 'vitest'
import type { UserBid, UserPrebid } from '../../lib/api-types'
import { render, unmountAll } from '../../test/render'
import { BidsTable, PrebidsTable } from './history-tables'

function bid(over: Partial<UserBid> = {}): UserBid {
  return {
    id: 1,
    amount: 0.5,
    isBot: false,
    botName: null,
    isPrebid: false,
    createdAt: '2026-11-24T05:00:00Z',
    bidStatus: 'winning',
    auction: { id: 3, title: 'iPhone', status: 'live', slug: 'iphone' },
    ...over,
  }
}

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

describe('bid history tables', () => {
  afterEach(unmountAll)

  it('marks a bot bid with the automatic-bidder badge', () => {
    const page = render(<BidsTable bids={[bid({ id: 1 }), bid({ id: 2, isBot: true, botName: 'Асель' })]} />)
    expect(page.querySelectorAll('[data-testid="bot-badge"]')).toHaveLength(1)
  })

  it("shows each bid's auction status", () => {
    const page = render(<BidsTable bids={[bid({ id: 1 }), bid({ id: 2, auction: { id: 4, title: 'TV', status: 'finished', slug: 'tv' } })]} />)
    const statuses = [...page.querySelectorAll('[data-testid="auction-status"]')].map((badge) => badge.textContent)
    expect(statuses).toEqual(['Идёт', 'Завершён'])
  })

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
    for (const page of [render(<BidsTable bids={[bid()]} />), render(<PrebidsTable prebids={[prebid()]} />)]) {
      expect(page.querySelector('table')?.className).toContain('table-stack')
      const cells = [...page.querySelectorAll('tbody td')]
      const unlabelled = cells.filter((cell) => !cell.hasAttribute('data-label'))
      expect(unlabelled).toHaveLength(1)
      expect(unlabelled[0].querySelector('a')?.textContent).toBe('iPhone')
    }
  })
})
