//! Buying bids, the parts every screen shares: the price of one bid as the cards and the home page
//! word it, the cheapest bid of a catalogue, folding an order's new state into a list of orders,
//! and the payment tab (opened on the click itself, so that popup blockers let it through, and
//! sent to the provider's page once the order exists).
import type { TFunction } from 'i18next'

/**
 * `15` → `15,00 сом за бид` (`15.00 som per bid`, …): the price of one bid, with `money` from
 * `useMoney` (lib/money.ts) putting it in the site's currency and the reader's digits.
 */
export function pricePerBidLabel(t: TFunction, pricePerBid: number, money: (amount: number) => string): string {
  return t('topup.perBid', { price: money(pricePerBid) })
}

/** The lowest price of one bid among `packages` (`null` for none): what the home page quotes. */
export function cheapestPricePerBid(packages: readonly { pricePerBid: number }[]): number | null {
  return packages.reduce<number | null>((low, pack) => (low === null || pack.pricePerBid < low ? pack.pricePerBid : low), null)
}

interface OrderLike {
  id: number
}

/**
 * `orders` (newest first) with `order` in it: replacing the copy with its id, or in front when it
 * is new. Returns `orders` itself when the copy there is already equal, so nothing re-renders.
 */
export function upsertOrder<T extends OrderLike>(orders: readonly T[], order: T): T[] {
  const index = orders.findIndex((item) => item.id === order.id)
  if (index === -1) return [order, ...orders]
  if (JSON.stringify(orders[index]) === JSON.stringify(order)) return orders as T[]
  const next = [...orders]
  next[index] = order
  return next
}

/** A tab opened by the click, waiting for the payment page's address. */
export interface PaymentTab {
  /** Sends the tab to `url` (relative to this site); `false` when no tab could be opened. */
  go(url: string): boolean
  /** Closes the tab (the order could not be created). */
  close(): void
}

/**
 * Opens an empty tab now, inside the click's handler: a browser blocks a tab opened later, after
 * the order request has answered. The tab cannot reach back to this page (`opener` is cut).
 */
export function openPaymentTab(): PaymentTab {
  const tab = window.open('', '_blank')
  if (tab) tab.opener = null
  return {
    go(url) {
      if (!tab || tab.closed) return false
      tab.location.href = new URL(url, window.location.href).href
      return true
    },
    close() {
      if (tab && !tab.closed) tab.close()
    },
  }
}
