import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { BotBadge } from '../../components/bot-badge'
import type { Auction } from '../../lib/api-types'
import { leaderIsBot } from '../../lib/bots'
import { formatCount, formatMoney, savingsPercent } from '../../lib/format'
import { settingsAtom } from '../../lib/settings'

export function ProductDetails({ auction }: { auction: Auction }) {
  const { t, i18n } = useTranslation()
  const { currencySymbol } = useAtomValue(settingsAtom)
  const money = (value: number | null | undefined) => (value == null ? '—' : formatMoney(value, currencySymbol))
  const savings = savingsPercent(auction.currentPrice, auction.retailPrice, i18n.language)
  const rows = [
    { label: t('auction.retailPrice'), value: money(auction.retailPrice) },
    { label: t('auction.currentPrice'), value: money(auction.currentPrice) },
    { label: t('auction.startingPrice'), value: money(auction.startingPrice) },
    { label: t('auction.condition'), value: auction.condition ?? '—' },
    { label: t('auction.category'), value: auction.category ?? '—' },
    { label: t('auction.estimatedValue'), value: money(auction.estimatedValue) },
    { label: t('auction.totalBids'), value: formatCount(auction.totalBids, i18n.language) },
    {
      label: t('auction.lastBidder'),
      value: (
        <>
          {auction.lastBidder ?? t('auction.noBidder')}
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
