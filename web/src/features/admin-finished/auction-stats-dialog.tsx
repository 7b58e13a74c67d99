//! One finished auction's statistics: bids by kind (people, bots, admins), a chart of its bids
//! over its life, and the bids themselves.
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { BidsChart } from '../../components/bids-chart'
import { BotBadge } from '../../components/bot-badge'
import { DialogFrame } from '../../components/dialog-frame'
import { Spinner } from '../../components/spinner'
import type { FinishedAuctionRow } from '../../lib/api-types'
import { lifeSeries } from '../../lib/bid-series'
import { formatCount, formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { adminAuctionStatsQuery } from '../../lib/queries'

export function AuctionStatsDialog({ auction, onClose }: { auction: FinishedAuctionRow | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <DialogFrame
      open={auction !== null}
      onClose={onClose}
      title={t('adminFinished.statsTitle')}
      description={
        <>
          {auction?.title} · {auction?.displayId}
        </>
      }
      testId="auction-stats-dialog"
      wide
    >
      {auction && <Stats id={auction.id} />}
    </DialogFrame>
  )
}

function Stats({ id }: { id: number }) {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  const { data, isPending, isError } = useQuery(adminAuctionStatsQuery(id))
  if (isPending) return <Spinner />
  if (isError) {
    return (
      <p className="notice notice-error" data-testid="auction-stats-error">
        {t('adminFinished.statsFailed')}
      </p>
    )
  }
  const counts = [
    { key: 'totalBids', value: data.totalBids },
    { key: 'userBids', value: data.userBids },
    { key: 'botBids', value: data.botBids },
    { key: 'adminBids', value: data.adminBids },
  ] as const
  return (
    <div data-testid="auction-stats-body">
      <ul className="stat-grid">
        {counts.map((count) => (
          <li key={count.key} className="card stat-card" data-testid={`stats-${count.key}`}>
            <span className="muted small">{t(`adminFinished.${count.key}`)}</span>
            <strong>{formatCount(count.value, i18n.language)}</strong>
          </li>
        ))}
      </ul>
      <h3 className="card-subtitle">{t('adminFinished.chartTitle')}</h3>
      <BidsChart points={lifeSeries(data.bids)} labels="dateTime" testId="auction-bids-chart" />
      <h3 className="card-subtitle">{t('adminFinished.bidsTitle')}</h3>
      <div className="table-wrap stats-bids">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('adminFinished.bidder')}</th>
              <th scope="col">{t('adminUsers.columns.role')}</th>
              <th scope="col">{t('adminFinished.amount')}</th>
              <th scope="col">{t('adminFinished.time')}</th>
            </tr>
          </thead>
          <tbody>
            {data.bids.map((bid) => (
              <tr key={bid.id}>
                <td>
                  {bid.userName}
                  {bid.isBot && <BotBadge />}
                </td>
                <td>{bid.isBot ? t('adminFinished.roleBot') : bid.userRole === 'admin' ? t('admin.roleAdmin') : t('admin.roleUser')}</td>
                <td>{money(bid.bidAmount)}</td>
                <td className="small">{formatDateTime(bid.createdAt, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
