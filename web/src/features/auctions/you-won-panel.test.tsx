// @vitest-environment jsdom
//! The winner's moment (issue 11): the signed-in winner of a finished auction sees "you won" with
//! the claim link, announced and focused; anyone else sees the plain winner panel.
import { createStore, Provider } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Auction, User } from '../../lib/api-types'
import { loadSessionAtom } from '../../lib/session'
import { iso, liveAuction } from '../../lib/test-fixtures'
import { render, unmountAll } from '../../test/render'
import { StatusPanel } from './status-panel'
import { wonBy } from './you-won-panel'

const NOW = Date.parse('2026-11-24T10:00:00Z')

function finished(over: Partial<Auction> = {}): Auction {
  return liveAuction(NOW, {
    title: 'Смартфон',
    status: 'finished',
    endsAt: null,
    endTime: iso(NOW),
    currentPrice: 0.07,
    winner: { id: 7, username: 'aibek', firstName: null, lastName: null, role: 'user', isBot: false },
    winningBid: { amount: 0.07, createdAt: iso(NOW - 1000) },
    ...over,
  })
}

/** A store whose signed-in user is `id` (the startup check answered with them). */
async function signedIn(id: number) {
  const user = { id, username: `user${id}` } as User
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ user }), { headers: { 'Content-Type': 'application/json' } }))))
  const store = createStore()
  document.cookie = 'tyiyn_signed_in=1'
  await store.set(loadSessionAtom)
  return store
}

describe('the you-won panel', () => {
  afterEach(() => {
    unmountAll()
    vi.unstubAllGlobals()
  })

  it('belongs to the person who won, never to a bot or a visitor', () => {
    const me = { id: 7 } as User
    expect(wonBy(finished(), me)).toBe(true)
    expect(wonBy(finished(), { id: 8 } as User)).toBe(false)
    expect(wonBy(finished(), null)).toBe(false)
    expect(wonBy(finished({ winner: { id: 7, username: 'bot', firstName: null, lastName: null, role: 'user', isBot: true } }), me)).toBe(false)
    expect(wonBy(finished({ status: 'live' }), me)).toBe(false)
  })

  it('congratulates the winner with the price and links to claiming the item', async () => {
    const store = await signedIn(7)
    const page = render(
      <Provider store={store}>
        <StatusPanel auction={finished()} bids={[]} />
      </Provider>,
    )
    const panel = page.querySelector('[data-testid="you-won-panel"]')
    expect(panel?.getAttribute('role')).toBe('status')
    const title = page.querySelector('[data-testid="you-won-title"]')
    // The price joins its number and currency with a no-break space.
    expect(title?.textContent).toBe('Вы выиграли «Смартфон» за 0,07\u00a0сом')
    expect(document.activeElement).toBe(title)
    const claim = page.querySelector('[data-testid="you-won-claim"]')
    expect(claim?.textContent).toBe('Оформить и оплатить')
    expect(claim?.getAttribute('href')).toBe('/profile#won-items')
    expect(page.querySelector('[data-testid="winner-panel"]')).toBeNull()
  })

  it('shows someone who lost the plain winner', async () => {
    const store = await signedIn(8)
    const page = render(
      <Provider store={store}>
        <StatusPanel auction={finished()} bids={[]} />
      </Provider>,
    )
    expect(page.querySelector('[data-testid="you-won-panel"]')).toBeNull()
    expect(page.querySelector('[data-testid="winner-name"]')?.textContent).toBe('aibek')
  })
})
