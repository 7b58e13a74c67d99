// @vitest-environment jsdom
//! Paying for a won item (and a Buy It Now) by QR or card: the claim dialog sends the chosen
//! `paymentMethod` with the delivery; a QR order's page opens in this tab, a card provider's page
//! in the tab opened on the click.
import { act } from 'react'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DeliveryOption, Order } from '../lib/api-types'
import type { DeliveryPayload } from '../lib/delivery-schema'
import { render, unmountAll } from '../test/render'
import { ClaimDialog } from './claim-dialog'
import type { Claimable } from './claim-dialog'

const CLAIM: Claimable = { id: 4, title: 'Смартфон', price: 120, deliveryMethod: null, address: null, phone: '+996700123456' }
const METHODS: DeliveryOption[] = [{ method: 'pickup', fee: 0 } as DeliveryOption]

function order(method: 'qr' | 'card'): Order {
  return {
    id: 9,
    state: 'pending',
    kind: 'claim',
    packageId: null,
    claimId: CLAIM.id,
    bids: 0,
    amount: CLAIM.price,
    currency: 'KGS',
    method,
    paymentUrl: method === 'qr' ? '/pay/9' : '/pay/demo/9',
    qr: null,
    createdAt: '2026-11-24T10:00:00Z',
    paidAt: null,
  }
}

async function settle() {
  for (let turn = 0; turn < 8; turn += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

/** The dialog open on a page, with `send` standing in for the server. */
async function open(send: (body: DeliveryPayload) => Promise<{ order: Order }>) {
  render(
    <Routes>
      <Route path="/profile" element={<ClaimDialog claim={CLAIM} deliveryMethods={METHODS} onClose={() => undefined} send={send} />} />
      <Route path="/pay/:orderId" element={<p data-testid="qr-pay-stand-in" />} />
    </Routes>,
    { route: '/profile' },
  )
  await settle()
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)

describe('paying for a won item', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)))
  })
  afterEach(() => {
    unmountAll()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('pays by QR by default, on the order’s page in this tab', async () => {
    const send = vi.fn(async () => ({ order: order('qr') }))
    const windowOpen = vi.spyOn(window, 'open')
    await open(send)
    expect((byTestId('pay-method-qr')?.querySelector('input') as HTMLInputElement).checked).toBe(true)
    await act(() => byTestId('claim-submit')?.click())
    await settle()
    expect(send).toHaveBeenCalledWith({ method: 'pickup', phone: '+996700123456', paymentMethod: 'qr' })
    expect(windowOpen).not.toHaveBeenCalled()
    expect(byTestId('qr-pay-stand-in')).not.toBeNull()
  })

  it('pays by card on the provider’s page in a new tab, and shows the order here', async () => {
    const send = vi.fn(async () => ({ order: order('card') }))
    const tab = { opener: {}, closed: false, location: { href: '' }, close: vi.fn() }
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    await open(send)
    act(() => (byTestId('pay-method-card')?.querySelector('input') as HTMLInputElement).click())
    await act(() => byTestId('claim-submit')?.click())
    await settle()
    expect(send).toHaveBeenCalledWith({ method: 'pickup', phone: '+996700123456', paymentMethod: 'card' })
    expect(tab.location.href).toBe('http://localhost:3000/pay/demo/9')
    expect(byTestId('claim-order')).not.toBeNull()
  })
})
