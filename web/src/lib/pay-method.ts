//! How the buyer pays an order: by QR (an ELQR link any Kyrgyz bank app pays; the default) or by
//! card (the card provider's page). The choice is remembered in localStorage (`pay-method`) and is
//! the same on /topup, in the claim dialog and for Buy It Now. A QR order's `paymentUrl` is our own
//! page (`/pay/{orderId}`), opened in the same tab; a card order's page opens in a new one.
import type { Order, PayMethod } from './api-types'

export type { PayMethod }

export const PAY_METHODS = ['qr', 'card'] as const satisfies readonly PayMethod[]

/** Whether a fresh visitor pays by QR or card: QR, the cheapest and quickest in Kyrgyzstan. */
export const DEFAULT_PAY_METHOD: PayMethod = 'qr'

export const PAY_METHOD_KEY = 'pay-method'

/** The method chosen last on this browser, else the default. */
export function readPayMethod(): PayMethod {
  try {
    const stored = localStorage.getItem(PAY_METHOD_KEY)
    return stored === 'qr' || stored === 'card' ? stored : DEFAULT_PAY_METHOD
  } catch {
    return DEFAULT_PAY_METHOD
  }
}

export function rememberPayMethod(method: PayMethod) {
  try {
    localStorage.setItem(PAY_METHOD_KEY, method)
  } catch {
    // Storage refused: the default comes back next visit.
  }
}

/** Whether `order` is paid on our own page in this tab (a QR order's `/pay/{id}`), rather than on
 * the card provider's page in a new tab. */
export function paysInThisTab(order: Pick<Order, 'method' | 'paymentUrl'>): boolean {
  return order.method === 'qr' && order.paymentUrl.startsWith('/')
}
