// @vitest-environment jsdom
//! How a package is paid on /topup: QR first and chosen by default, card one tap away, the choice
//! remembered. Buying by QR creates a QR order and goes, in this tab, to its payment page; by card
//! it opens the provider's page in a new tab as before; QR being off shows the server's words and
//! leaves the card.
import { createStore, Provider } from 'jotai'
import { act } from 'react'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Order, Package, User } from '../../lib/api-types'
import { PAY_METHOD_KEY } from '../../lib/pay-method'
import { loadSessionAtom } from '../../lib/session'
import { render, unmountAll } from '../../test/render'
import { TopupPage } from './topup-page'

const USER = { id: 7, username: 'aibek', bidBalance: 10 } as User
const PACK: Package = { id: 3, bids: 100, price: 1500, originalPrice: 1500, savings: 0, pricePerBid: 15, popular: true } as Package

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function order(method: 'qr' | 'card'): Order {
  return {
    id: 41,
    state: 'pending',
    kind: 'package',
    packageId: PACK.id,
    claimId: null,
    bids: PACK.bids,
    amount: PACK.price,
    currency: 'KGS',
    method,
    paymentUrl: method === 'qr' ? '/pay/41' : '/pay/demo/41',
    qr: null,
    createdAt: '2026-11-24T10:00:00Z',
    paidAt: null,
  }
}

/** The server; `qrOff`: QR payments answer 503 `qr_unavailable`; `orders`: the user's orders. */
function serve({ qrOff = false, orders = [] as Order[] } = {}) {
  const bodies: unknown[] = []
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname
    if (path === '/api/auth/me') return json({ user: USER, needsPhone: false })
    if (path === '/api/payments/packages') return json({ packages: [PACK] })
    if (path === '/api/payments/orders' && request.method === 'POST') {
      const body = (await request.json()) as { method: 'qr' | 'card' }
      bodies.push(body)
      if (qrOff && body.method === 'qr') return json({ error: 'Оплата по QR временно недоступна', code: 'qr_unavailable' }, 503)
      return json({ order: order(body.method) })
    }
    if (path === '/api/payments/orders') return json({ orders })
    return json({ order: order('qr') })
  })
  vi.stubGlobal('fetch', fetch)
  return bodies
}

async function settle() {
  for (let turn = 0; turn < 8; turn += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

async function open() {
  document.cookie = 'tyiyn_signed_in=1; path=/'
  const store = createStore()
  await store.set(loadSessionAtom)
  render(
    <Provider store={store}>
      <Routes>
        <Route path="/topup" element={<TopupPage />} />
        <Route path="/pay/:orderId" element={<p data-testid="qr-pay-stand-in" />} />
      </Routes>
    </Provider>,
    { route: '/topup' },
  )
  await settle()
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const radio = (method: string) => byTestId(`pay-method-${method}`)?.querySelector('input') as HTMLInputElement
const buy = () => act(() => byTestId('buy-package')?.click())

describe('paying for a package on /topup', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    unmountAll()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('chooses QR first, by default, in a labelled group', async () => {
    serve()
    await open()
    const group = byTestId('pay-method')
    expect(group?.tagName).toBe('FIELDSET')
    expect(group?.querySelector('legend')?.textContent).toBe('Способ оплаты')
    expect([...group!.querySelectorAll('input')].map((input) => input.value)).toEqual(['qr', 'card'])
    expect(radio('qr').checked).toBe(true)
    expect(byTestId('pay-method-qr')?.textContent).toContain('По QR-коду')
  })

  it('buys by QR in this tab: a QR order, then its payment page', async () => {
    const bodies = serve()
    const windowOpen = vi.spyOn(window, 'open')
    await open()
    await buy()
    await settle()
    expect(bodies).toEqual([{ packageId: PACK.id, method: 'qr' }])
    expect(windowOpen).not.toHaveBeenCalled()
    expect(byTestId('qr-pay-stand-in')).not.toBeNull()
  })

  it('remembers the card and buys by card in a new tab', async () => {
    const bodies = serve()
    const tab = { opener: {}, closed: false, location: { href: '' }, close: vi.fn() }
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    await open()
    act(() => radio('card').click())
    expect(localStorage.getItem(PAY_METHOD_KEY)).toBe('card')
    await buy()
    await settle()
    expect(bodies).toEqual([{ packageId: PACK.id, method: 'card' }])
    expect(tab.location.href).toBe('http://localhost:3000/pay/demo/41')
    expect(byTestId('current-order')).not.toBeNull()

    unmountAll()
    await open()
    expect(radio('card').checked).toBe(true)
  })

  it('leads back to the payment page of a QR order still to pay', async () => {
    serve({ orders: [order('qr')] })
    await open()
    expect(byTestId('current-order')?.textContent).toContain('Заказ ждёт оплаты по QR-коду.')
    expect(byTestId('open-qr-payment')?.getAttribute('href')).toBe('/pay/41')
  })

  it('shows the server’s words when QR is off, and the card is still there', async () => {
    serve({ qrOff: true })
    await open()
    await buy()
    await settle()
    expect(byTestId('qr-unavailable')?.textContent).toBe('Оплата по QR временно недоступна Можно оплатить картой.')
    expect(radio('card').disabled).toBe(false)
    expect(byTestId('qr-pay-stand-in')).toBeNull()
  })
})
