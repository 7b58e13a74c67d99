//! One bid package as the catalogue sells it: bids, price, the struck original price and the
//! saving, and the price of one bid in som.
import { useTranslation } from 'react-i18next'
import type { Package } from '../../lib/api-types'
import { useMoney } from '../../lib/money'
import { pricePerBidLabel } from '../../lib/payments'

interface Props {
  pack: Package
  /** Whether this package's order is being created (its button waits). */
  buying: boolean
  /** Whether its bid is cheaper than every other package's (`bestPricePerBid`). */
  best: boolean
  disabled: boolean
  onBuy: (pack: Package) => void
}

export function PackageCard({ pack, buying, best, disabled, onBuy }: Props) {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  // The five seeded packages have their own names; one an admin adds later is named by its bids.
  const named = i18n.exists(`topup.packages.${pack.id}.title`)
  return (
    <article className={`card package-card${pack.popular ? ' is-popular' : ''}`} data-testid={`package-${pack.id}`}>
      {pack.popular && <span className="badge badge-accent package-badge">{t('topup.popular')}</span>}
      <h2 className="package-title">{named ? t(`topup.packages.${pack.id}.title`) : t('topup.packageTitle', { bids: pack.bids })}</h2>
      <p className="package-bids">
        <strong>{pack.bids}</strong> {t('topup.bids')}
      </p>
      <p className="package-price">{money(pack.price)}</p>
      {pack.savings > 0 && (
        <p className="package-original">
          <s>{money(pack.originalPrice)}</s>
          <span className="badge badge-success">{t('topup.save', { amount: money(pack.savings) })}</span>
        </p>
      )}
      <p className="package-per-bid" data-testid="price-per-bid">
        {pricePerBidLabel(t, pack.pricePerBid, money)}
        {best && <span className="badge badge-success" data-testid="best-price-per-bid">{t('topup.bestPerBid')}</span>}
      </p>
      {named && <p className="muted">{t(`topup.packages.${pack.id}.description`)}</p>}
      <button type="button" className="btn btn-primary btn-block" disabled={disabled} onClick={() => onBuy(pack)} data-testid="buy-package">
        {buying ? t('topup.buying') : t('topup.buy')}
      </button>
    </article>
  )
}
