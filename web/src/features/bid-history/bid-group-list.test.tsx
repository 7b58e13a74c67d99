// @vitest-environment jsdom
//! The bid history lists the user's bids one entry per auction (issue 22): the auction with its
//! status and the user's standing, the price their bids took it to, and a disclosure ("3 ставки ·
//! последняя …") over the bids themselves, which marks automatic bidders as the detail page does.
//! The first auction starts open, the rest closed; ten auctions a page.
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { UserBid } from '../../lib/api-types'
import { render, unmountAll } from '../../test/render'
import { BidGroupList, GROUPS_PER_PAGE } from './bid-group-list'

const NBSP = '\u00a0'

// jsdom lays nothing out and has no `scrollIntoView`; paging calls it to show the next page's top.
beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn()
})

function bid(id: number, auctionId: number, over: Partial<UserBid> = {}): UserBid {
  return {
    id,
    amount: id / 100,
    isBot: false,
    botName: null,
    isPrebid: false,
    createdAt: new Date(Date.UTC(2026, 10, 24, 5, 0, id)).toISOString(),
    bidStatus: 'outbid',
    auction: { id: auctionId, title: `Lot ${auctionId}`, status: 'live', slug: `lot-${auctionId}` },
    ...over,
  }
}

const groupsOf = (page: HTMLElement) => [...page.querySelectorAll<HTMLElement>('[data-testid="bid-group"]')]
const detailsOf = (group: HTMLElement) => group.querySelector('details') as HTMLDetailsElement

describe('bid history grouped by auction', () => {
  afterEach(unmountAll)

  it('shows one entry per auction with its status, standing, price and bid count', () => {
    const page = render(
      <BidGroupList
        bids={[
          bid(35, 1, { bidStatus: 'winning' }),
          bid(20, 2, { auction: { id: 2, title: 'TV', status: 'finished', slug: 'tv' }, bidStatus: 'lost' }),
          bid(12, 1, { bidStatus: 'winning' }),
          bid(7, 1, { bidStatus: 'winning' }),
        ]}
      />,
    )
    const [first, second] = groupsOf(page)
    expect(groupsOf(page)).toHaveLength(2)
    expect(first.querySelector('a')?.getAttribute('href')).toBe('/auction/lot-1')
    expect(first.querySelector('[data-testid="auction-status"]')?.textContent).toBe('Идёт')
    expect(first.querySelector('[data-testid="bid-status"]')?.textContent).toBe('Лидирует')
    expect(first.querySelector('[data-testid="bid-group-price"]')?.textContent).toBe(`0,35${NBSP}сом`)
    expect(first.querySelector('summary')?.textContent).toMatch(/^3 ставки · последняя \d/)
    expect(first.querySelectorAll('[data-testid="bid-line"]')).toHaveLength(3)
    expect(second.querySelector('a')?.textContent).toBe('TV')
    expect(second.querySelector('[data-testid="auction-status"]')?.textContent).toBe('Завершён')
    expect(second.querySelector('[data-testid="bid-status"]')?.textContent).toBe('Проиграна')
    expect(second.querySelector('summary')?.textContent).toMatch(/^1 ставка · /)
  })

  it('opens the first auction and keeps the others closed until asked', () => {
    const page = render(<BidGroupList bids={[bid(3, 1), bid(2, 2), bid(1, 3)]} />)
    expect(groupsOf(page).map((group) => detailsOf(group).open)).toEqual([true, false, false])
    const second = detailsOf(groupsOf(page)[1])
    act(() => {
      second.open = true
      second.dispatchEvent(new Event('toggle'))
    })
    expect(groupsOf(page).map((group) => detailsOf(group).open)).toEqual([true, true, false])
  })

  it('marks a bot bid with the automatic-bidder badge, and a pre-bid', () => {
    const page = render(<BidGroupList bids={[bid(2, 1, { isBot: true, botName: 'Асель' }), bid(1, 1, { isPrebid: true })]} />)
    expect(page.querySelectorAll('[data-testid="bot-badge"]')).toHaveLength(1)
    expect(page.textContent).toContain('Бот: Асель')
    expect(page.querySelectorAll('[data-testid="bid-prebid"]')).toHaveLength(1)
  })

  it(`pages ${GROUPS_PER_PAGE} auctions at a time`, () => {
    const bids = Array.from({ length: GROUPS_PER_PAGE + 3 }, (_, index) => bid(100 - index, index + 1))
    const page = render(<BidGroupList bids={bids} />)
    expect(groupsOf(page)).toHaveLength(GROUPS_PER_PAGE)
    const next = page.querySelector<HTMLButtonElement>('[data-testid="bid-groups-pagination"] button[aria-label="Страница 2"]')
    expect(next).not.toBeNull()
    act(() => next?.click())
    expect(groupsOf(page).map((group) => group.querySelector('a')?.textContent)).toEqual(['Lot 11', 'Lot 12', 'Lot 13'])
    expect(groupsOf(page).every((group) => !detailsOf(group).open)).toBe(true)
  })

  it('says so when there are no bids', () => {
    const page = render(<BidGroupList bids={[]} />)
    expect(page.querySelector('[data-testid="bids-empty"]')).not.toBeNull()
  })
})
