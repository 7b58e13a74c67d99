//! The bid packages sold on /topup (spec section 9). Prices are in som.

export interface BidPackage {
  id: 1 | 2 | 3 | 4 | 5
  bids: number
  price: number
  originalPrice: number
  savings: number
  popular: boolean
}

export const BID_PACKAGES: readonly BidPackage[] = [
  { id: 1, bids: 50, price: 750, originalPrice: 1000, savings: 250, popular: false },
  { id: 2, bids: 100, price: 1500, originalPrice: 2000, savings: 500, popular: false },
  { id: 3, bids: 250, price: 3750, originalPrice: 5000, savings: 1250, popular: true },
  { id: 4, bids: 500, price: 7500, originalPrice: 10000, savings: 2500, popular: false },
  { id: 5, bids: 1000, price: 15000, originalPrice: 20000, savings: 5000, popular: false },
]

/** The external card-payment page of a package (opens in a new tab). */
export function paymentUrl(id: BidPackage['id']): string {
  return `https://pay.tyiyn.kg/checkout?package=${id}`
}
