// @vitest-environment jsdom
//! The QR payment page (/pay/:orderId): on a desktop the QR code of the order's very link, drawn
//! by the library; on a phone one button per bank app (the universal router last, as "another bank
//! app"), "waiting for your bank" after a tap, and the QR code behind a toggle; a live mm:ss
//! countdown, and once the link has expired one tap for a new one; the paid state when the socket
//! writes the order into the cache; the demo's buttons for a demo link only; a visitor, a foreign
//! order.
import { createStore, Provider } from 'jotai'
import { act } from 'react'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Order, User } from '../../lib/api-types'
import { createQueryClient } from '../../lib/query-client'
import { rememberOrder } from '../../lib/queries'
import { loadSessionAtom } from '../../lib/session'
import { iso } from '../../lib/test-fixtures'
import { render, unmountAll } from '../../test/render'
import { QrPayPage } from './qr-pay-page'

const NOW = Date.parse('2026-11-24T10:00:00Z')
const PAYLOAD = '00020101021232550013demo.tyiyn.kg0104bids1005tyiyn11021212021113021254061500005303417'
const DEMO_LINK = `https://pay.payqr.kg/#${PAYLOAD}`
const BANK_LINK = 'https://pay.payqr.kg/#00020101021232440012c2b.mbank.kg0102021012996554185519'
const USER = { id: 7, username: 'aibek', bidBalance: 10 } as User

function qrOrder(link = BANK_LINK, over: Partial<Order> = {}): Order {
  const fragment = link.split('#')[1]
  return {
    id: 12,
    state: 'pending',
    kind: 'package',
    packageId: 3,
    claimId: null,
    bids: 100,
    amount: 1500,
    currency: 'KGS',
    method: 'qr',
    paymentUrl: '/pay/12',
    qr: {
      link,
      expiresAt: iso(NOW + 15 * 60_000),
      banks: [
        { id: 'payqr', name: 'ELQR router', link },
        { id: 'finik', name: 'Finik', link: `https://qr.finik.kg/#${fragment}` },
        { id: 'mbank', name: 'MBank', link: `https://app.mbank.kg/qr/#${fragment}` },
        { id: 'odengi', name: 'O!Деньги', link: `https://api.dengi.o.kg/#${fragment}` },
        { id: 'bakai', name: 'Bakai', link: `https://bakai.app/#${fragment}` },
      ],
    },
    createdAt: iso(NOW),
    paidAt: null,
    ...over,
  }
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** The server: the signed-in user, the order as it is now (`server.order`), a new link, the demo. */
function serve(order: Order | null) {
  const server = { order, renewed: null as Order | null }
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname
    if (path === '/api/auth/me') return json({ user: USER, needsPhone: false })
    if (!server.order) return json({ error: 'Заказ не найден', code: 'order_not_found' }, 404)
    if (path === '/api/payments/orders/12/qr' && request.method === 'POST') {
      server.order = server.renewed ?? server.order
      return json({ order: server.order })
    }
    if (path === '/api/payments/demo/12') {
      const { outcome } = (await request.json()) as { outcome: 'paid' | 'failed' }
      server.order = { ...server.order, state: outcome, paidAt: outcome === 'paid' ? iso(NOW) : null }
      return json({ order: server.order })
    }
    return json({ order: server.order })
  })
  vi.stubGlobal('fetch', fetch)
  return { server, fetch }
}

/** A phone (`true`: a finger for a pointer) or a desktop, as the page's media query reads it. */
function screen(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }))
}

/** Lets the stubbed answers, the QR library's import and React's renders through. */
async function settle(turns = 10) {
  for (let turn = 0; turn < turns; turn += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 5)))
}

async function open(signedIn = true, route = '/pay/12') {
  document.cookie = signedIn ? 'tyiyn_signed_in=1; path=/' : 'tyiyn_signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  const store = createStore()
  await store.set(loadSessionAtom)
  const client = createQueryClient()
  render(
    <Provider store={store}>
      <Routes>
        <Route path="/pay/:orderId" element={<QrPayPage />} />
        <Route path="*" element={<p data-testid="elsewhere" />} />
      </Routes>
    </Provider>,
    { route, client },
  )
  await settle()
  return client
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const click = (id: string) => act(() => byTestId(id)?.click())

describe('the QR payment page', () => {
  afterEach(() => {
    unmountAll()
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('draws the QR code of the order’s link on a desktop, with the amount and the bids', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW })
    screen(false)
    serve(qrOrder())
    await open()
    const code = byTestId('qr-code')
    expect(code?.getAttribute('data-qr-text')).toBe(BANK_LINK)
    expect(code?.querySelector('svg path')).not.toBeNull()
    expect(code?.getAttribute('aria-label')).toBe('QR-код для оплаты заказа №12')
    expect(byTestId('qr-pay-amount')?.textContent).toMatch(/1\s500,00\sсом/)
    expect(byTestId('qr-pay-item')?.textContent).toBe('100 бидов')
    expect(byTestId('qr-desktop')?.textContent).toContain('Откройте приложение своего банка')
    expect(byTestId('qr-phone')).toBeNull()
    expect(byTestId('qr-demo')).toBeNull()
  })

  it('offers one button per bank app on a phone, the router last, and waits after a tap', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW })
    screen(true)
    const order = qrOrder()
    serve(order)
    await open()
    const buttons = [...document.querySelectorAll<HTMLAnchorElement>('.bank-list a')]
    expect(buttons.map((button) => button.textContent)).toEqual(['Finik', 'MBank', 'O!Деньги', 'Bakai', 'Другой банк'])
    expect(buttons.map((button) => button.getAttribute('href'))).toEqual([1, 2, 3, 4, 0].map((index) => order.qr?.banks[index].link))
    expect(byTestId('qr-code')).toBeNull()
    expect(byTestId('qr-waiting')).toBeNull()

    // The tap's navigation is the phone's (it opens the app); the page itself stays.
    byTestId('bank-mbank')?.addEventListener('click', (event) => event.preventDefault())
    await click('bank-mbank')
    expect(byTestId('qr-waiting')?.textContent).toContain('Ждём подтверждения от банка')
    expect(document.querySelectorAll('.bank-list a')).toHaveLength(5)

    await click('qr-toggle')
    await settle()
    expect(byTestId('qr-code')?.getAttribute('data-qr-text')).toBe(BANK_LINK)
    expect(byTestId('qr-toggle')?.getAttribute('aria-expanded')).toBe('true')
  })

  it('counts down in mm:ss and, once the link has expired, gets a new one in one tap', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW })
    screen(false)
    const { server, fetch } = serve(qrOrder(BANK_LINK, { qr: { ...qrOrder().qr!, expiresAt: iso(NOW + 65_000) } }))
    const fresh = `${BANK_LINK}ff`
    server.renewed = qrOrder(fresh, { qr: { ...qrOrder(fresh).qr!, expiresAt: iso(NOW + 15 * 60_000) } })
    await open()
    expect(byTestId('qr-time-left')?.textContent).toBe('01:05')

    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(byTestId('qr-time-left')?.textContent).toBe('01:00')
    expect(byTestId('qr-countdown')?.className).toContain('is-urgent')

    await act(() => vi.advanceTimersByTimeAsync(61_000))
    expect(byTestId('qr-code')).toBeNull()
    expect(byTestId('qr-expired')?.textContent).toContain('Срок действия ссылки истёк')

    await click('qr-renew')
    await settle()
    const renew = fetch.mock.calls.map(([request]) => request).find((request) => request.method === 'POST')
    expect(new URL(renew!.url).pathname).toBe('/api/payments/orders/12/qr')
    expect(byTestId('qr-expired')).toBeNull()
    expect(byTestId('qr-code')?.getAttribute('data-qr-text')).toBe(fresh)
    expect(byTestId('qr-time-left')?.textContent).toBe('13:54')
  })

  it('turns paid when the socket writes the paid order into the cache, and reads the balance afresh', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW })
    screen(true)
    const { fetch } = serve(qrOrder())
    const client = await open()
    const before = fetch.mock.calls.length

    act(() => rememberOrder(client, { ...qrOrder(), state: 'paid', paidAt: iso(NOW) }))
    await settle()

    expect(byTestId('qr-pay-result')?.textContent).toBe('Оплата прошла: 100 бидов зачислены на баланс.')
    expect(byTestId('qr-pay-back')?.getAttribute('href')).toBe('/topup')
    expect(byTestId('qr-phone')).toBeNull()
    const after = fetch.mock.calls.slice(before).map(([request]) => new URL(request.url).pathname)
    expect(after).toContain('/api/auth/me')
  })

  it('says a won item is paid and leads back to the won items', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW })
    screen(false)
    serve(qrOrder(BANK_LINK, { kind: 'claim', claimId: 4, packageId: null, bids: 0, state: 'paid' }))
    await open()
    expect(byTestId('qr-pay-item')?.textContent).toBe('Выигранный лот')
    expect(byTestId('qr-pay-result')?.textContent).toBe('Оплата прошла: выигранный лот оплачен.')
    expect(byTestId('qr-pay-back')?.getAttribute('href')).toBe('/profile#won-items')
  })

  it('shows the demo’s buttons for a demo link only, and they settle the order', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW })
    screen(false)
    const { fetch } = serve(qrOrder(DEMO_LINK))
    await open()
    expect(byTestId('qr-demo')?.textContent).toContain('Демо-оплата')

    await click('qr-demo-pay')
    await settle()
    const demo = fetch.mock.calls.map(([request]) => request).find((request) => request.method === 'POST')
    expect(new URL(demo!.url).pathname).toBe('/api/payments/demo/12')
    expect(byTestId('qr-pay-result')?.textContent).toContain('Оплата прошла')
    expect(byTestId('qr-demo')).toBeNull()
  })

  it('says a failed payment failed and offers /topup again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW })
    screen(false)
    serve(qrOrder(BANK_LINK, { state: 'failed' }))
    await open()
    expect(byTestId('qr-pay-result')?.className).toContain('notice-error')
    expect(byTestId('qr-pay-back')?.textContent).toBe('Попробовать ещё раз')
    expect(byTestId('qr-pay-back')?.getAttribute('href')).toBe('/topup')
  })

  it('asks a visitor to log in, and does not find someone else’s order', async () => {
    serve(qrOrder())
    await open(false)
    expect(byTestId('login-required')).not.toBeNull()
    unmountAll()

    serve(null)
    await open()
    expect(byTestId('qr-pay-not-found')).not.toBeNull()
  })
})
