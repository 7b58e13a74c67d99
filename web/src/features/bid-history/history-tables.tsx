import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmptyState } from '../../components/empty-state'
import { StackTable } from '../../components/stack-table'
import type { AuctionRef, AuctionStatus, UserPrebid } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'

export function AuctionLink({ auction }: { auction: Pick<AuctionRef, 'id' | 'title' | 'slug'> }) {
  return <Link to={`/auction/${auction.slug || auction.id}`}>{auction.title || `#${auction.id}`}</Link>
}

export function AuctionStatusBadge({ status }: { status: AuctionStatus }) {
  const { t } = useTranslation()
  return (
    <span className={`badge badge-${status}`} data-testid="auction-status">
      {t(`auction.status.${status}`)}
    </span>
  )
}

/** A pre-bid's badge: waiting for the start, became a bid (a success), did not, or over. */
function prebidBadge({ status, converted }: UserPrebid): { label: string; tone: string } {
  if (status === 'upcoming') return { label: 'upcoming', tone: 'badge-upcoming' }
  if (status === 'finished') return { label: 'finished', tone: 'badge-finished' }
  return converted ? { label: 'live', tone: 'badge-success' } : { label: 'notConverted', tone: 'badge-finished' }
}

export function PrebidsTable({ prebids }: { prebids: UserPrebid[] }) {
  const { t, i18n } = useTranslation()
  if (prebids.length === 0) return <EmptyState testId="prebids-empty">{t('bidHistory.prebidsEmpty')}</EmptyState>
  return (
    <StackTable columns={['#', t('bidHistory.auction'), t('bidHistory.status'), t('bidHistory.date')]} testId="prebids-table">
      {prebids.map((prebid) => {
        const badge = prebidBadge(prebid)
        return (
          <tr key={prebid.id}>
            <td data-label="#">{prebid.id}</td>
            <td className="cell-title">
              <AuctionLink auction={prebid.auction} />
            </td>
            <td data-label={t('bidHistory.status')}>
              <span className={`badge ${badge.tone}`} data-testid="prebid-status">
                {t(`bidHistory.prebidStatus.${badge.label}`)}
              </span>
            </td>
            <td data-label={t('bidHistory.date')}>{formatDateTime(prebid.createdAt, i18n.language)}</td>
          </tr>
        )
      })}
    </StackTable>
  )
}
