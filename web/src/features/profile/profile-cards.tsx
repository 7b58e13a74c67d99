import { ChartColumn, Coins, Timer, Trophy } from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmptyState } from '../../components/empty-state'
import { Spinner } from '../../components/spinner'
import type { UserStats } from '../../lib/api-types'
import { formatDate, formatDateTime } from '../../lib/format'
import { userRecentBidsQuery, userStatsQuery, userWonAuctionsQuery } from '../../lib/queries'
import './profile.css'
import { useMoney } from '../../lib/money'

export const RECENT_BIDS_SHOWN = 10

/** Won auctions ÷ finished auctions taken part in, as a rounded percent; 0 before any (the spec
 * divides by active bids, which reads 100 % with lost lots: docs/rules/README.md). */
export function successRate(stats: Pick<UserStats, 'wonAuctions' | 'auctionsEntered'>): number {
  return stats.auctionsEntered > 0 ? Math.round((stats.wonAuctions / stats.auctionsEntered) * 100) : 0
}

export function WonAuctionsCard() {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  const { data, isPending: loading } = useQuery(userWonAuctionsQuery())
  const won = data ?? []
  return (
    <section className="card" data-testid="won-auctions-card">
      <h2 className="card-title">
        <Trophy aria-hidden="true" /> {t('profile.wonTitle')} <span className="badge">{won.length}</span>
      </h2>
      {loading && <Spinner />}
      {!loading && won.length === 0 && <EmptyState icon={Trophy}>{t('profile.wonEmpty')}</EmptyState>}
      <ul className="won-list">
        {won.map((item) => (
          <li key={item.id} className="won-item">
            {item.imageUrl ? <img src={item.imageUrl} alt="" className="thumb" loading="lazy" /> : <span className="thumb" />}
            <div className="won-text">
              <Link to={`/auction/${item.slug}`}>{item.title}</Link>
              <span className="muted small">{t('profile.wonAt', { date: formatDate(item.wonAt, i18n.language) })}</span>
            </div>
            <strong>{money(item.finalPrice)}</strong>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function StatsCard() {
  const { t } = useTranslation()
  const { money } = useMoney()
  const { data } = useQuery(userStatsQuery())
  const stats = data ?? { activeBids: 0, activePrebids: 0, wonAuctions: 0, bidsUsed: 0, spentValue: null, auctionsEntered: 0 }
  // "Spent" means one thing everywhere: bids spent on bids and pre-bids (the admin's table says the
  // same); what they are worth in money is a note, at the packages' price.
  const spent = t('common.bidsCount', { count: stats.bidsUsed })
  const rows = [
    { label: t('profile.activeBids'), value: String(stats.activeBids) },
    { label: t('profile.activePrebids'), value: String(stats.activePrebids) },
    { label: t('profile.wonCount'), value: String(stats.wonAuctions) },
    stats.spentValue === null
      ? { label: t('profile.totalSpent'), value: spent, note: t('profile.totalSpentNote') }
      : { label: t('profile.totalSpent'), value: spent, note: `${t('profile.totalSpentNote')} · ${t('profile.spentWorth', { amount: money(stats.spentValue) })}` },
    { label: t('profile.successRate'), value: `${successRate(stats)}%`, note: t('profile.successRateNote', { won: stats.wonAuctions, entered: stats.auctionsEntered }) },
  ]
  return (
    <section className="card" data-testid="stats-card">
      <h2 className="card-title"><ChartColumn aria-hidden="true" /> {t('profile.statsTitle')}</h2>
      <dl className="stat-list">
        {rows.map((row) => (
          <div key={row.label} className="stat-row">
            <dt>
              {row.label}
              {row.note && <span className="muted small block">{row.note}</span>}
            </dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

export function RecentBidsCard() {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  const { data, isPending: loading } = useQuery(userRecentBidsQuery())
  const bids = (data ?? []).slice(0, RECENT_BIDS_SHOWN)
  return (
    <section className="card" data-testid="recent-bids-card">
      <h2 className="card-title"><Timer aria-hidden="true" /> {t('profile.recentTitle')}</h2>
      {loading && <Spinner />}
      {!loading && bids.length === 0 && <EmptyState icon={Coins}>{t('profile.recentEmpty')}</EmptyState>}
      <ul className="recent-list">
        {bids.map((bid) => (
          <li key={bid.id} className="recent-item">
            <div>
              <strong>{t('profile.recentAuction', { id: String(bid.auctionId).slice(-4) })}</strong>
              <span className="muted small block">{formatDateTime(bid.createdAt, i18n.language)}</span>
            </div>
            <span>{money(bid.amount)}</span>
          </li>
        ))}
      </ul>
      <Link to="/bid-history" className="btn btn-outline btn-block">
        {t('profile.allBids')}
      </Link>
    </section>
  )
}
