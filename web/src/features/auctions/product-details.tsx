import { Suspense, lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { BotBadge } from '../../components/bot-badge'
import type { Auction } from '../../lib/api-types'
import { leaderIsBot } from '../../lib/bots'
import type { CatalogueField } from '../../lib/catalogue'
import { formatCount, savingsPercent } from '../../lib/format'
import { useMoney } from '../../lib/money'

/** Names a known category or condition in the reader's language; loaded after the first screen. */
const CatalogueName = lazy(() => import('./catalogue-name').then((m) => ({ default: m.CatalogueName })))

/** The admin's words until the translation has loaded; a dash when there are none. */
function Catalogue({ field, value }: { field: CatalogueField; value: string | null | undefined }) {
  if (!value) return '—'
  return (
    <Suspense fallback={value}>
      <CatalogueName field={field} value={value} />
    </Suspense>
  )
}

export function ProductDetails({ auction }: { auction: Auction }) {
  const { t, i18n } = useTranslation()
  const { money: format } = useMoney()
  const money = (value: number | null | undefined) => (value == null ? '—' : format(value))
  const savings = savingsPercent(auction.currentPrice, auction.retailPrice, i18n.language)
  const rows = [
    { label: t('auction.retailPrice'), value: money(auction.retailPrice) },
    { label: t('auction.currentPrice'), value: money(auction.currentPrice) },
    { label: t('auction.startingPrice'), value: money(auction.startingPrice) },
    { label: t('auction.condition'), value: <Catalogue field="condition" value={auction.condition} /> },
    { label: t('auction.category'), value: <Catalogue field="category" value={auction.category} /> },
    { label: t('auction.estimatedValue'), value: money(auction.estimatedValue) },
    { label: t('auction.totalBids'), value: formatCount(auction.totalBids, i18n.language) },
    {
      label: t('auction.lastBidder'),
      value: (
        <>
          <span data-user-content={auction.lastBidder ? true : undefined}>{auction.lastBidder ?? t('auction.noBidder')}</span>
          {leaderIsBot(auction) && <BotBadge />}
        </>
      ),
    },
    { label: t('auction.participants'), value: formatCount(auction.participants, i18n.language) },
    { label: t('auction.viewers'), value: formatCount(auction.viewers, i18n.language) },
  ]
  return (
    <section className="card" data-testid="product-details">
      <div className="card-head">
        <h2 className="card-title">{t('auction.details')}</h2>
        {auction.status !== 'upcoming' && <span className="badge badge-success">{t('auction.savings', { percent: savings })}</span>}
      </div>
      <dl className="details-grid">
        {rows.map((row) => (
          <div key={row.label} className="details-row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
