//! Notes of the auction page that come after its first screen: what a bid costs in money (from the
//! package catalogue) and "you were outbid" (loaded by status-panel.tsx, with every text).
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useMoney } from '../../lib/money'
import { cheapestPricePerBid } from '../../lib/payments'
import { paymentPackagesQuery } from '../../lib/queries'

/**
 * What one bid costs in money, for the bid button's note: the price when every package sells a bid
 * at it (`from: false`), else the cheapest (`from: true`); `null` with no packages.
 */
export function bidPriceQuote(packages: readonly { pricePerBid: number }[]): { price: number; from: boolean } | null {
  const low = cheapestPricePerBid(packages)
  if (low === null) return null
  return { price: low, from: packages.some((pack) => pack.pricePerBid !== low) }
}

/** What a bid costs in money ("1 бид ≈ 15 сом"), from the package catalogue; nothing until it
 * arrives. */
export function BidPriceNote() {
  const { t } = useTranslation()
  const { money } = useMoney()
  const { data } = useQuery(paymentPackagesQuery())
  const quote = data ? bidPriceQuote(data.packages) : null
  if (!quote) return null
  return (
    <p className="muted small center" data-testid="bid-price-note">
      {t(quote.from ? 'auctionNotes.bidPriceFrom' : 'auctionNotes.bidPrice', { price: money(quote.price) })}
    </p>
  )
}

/** The lead the signed-in user had passed to someone else while they watched. */
export function OutbidAlert() {
  const { t } = useTranslation()
  return (
    <p className="notice notice-error" role="alert" data-testid="outbid-alert">
      {t('auctionNotes.outbid')}
    </p>
  )
}
