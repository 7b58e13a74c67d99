//! What one user did: the auctions they won, the auctions they bid on (with their bid count and
//! what those bids cost, 0.01 each) and their pre-bids; first, the spend limits and pause the
//! user set themselves (read-only: only the user changes them).
import { Coins, Hourglass, Trophy } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import type { Key, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogFrame } from '../../components/dialog-frame'
import { EmptyState } from '../../components/empty-state'
import { Spinner } from '../../components/spinner'
import type { User } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { adminUserActivityQuery, adminUserLimitsQuery } from '../../lib/queries'

/** What `count` bids cost in som (each is 0.01). */
export const bidsCost = (count: number) => Math.round(count) / 100

export function UserActivityDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <DialogFrame open={user !== null} onClose={onClose} title={t('adminUsers.activity.title')} description={user?.username} testId="user-activity-dialog" wide>
      {user && <UserLimits id={user.id} />}
      {user && <Activity id={user.id} />}
    </DialogFrame>
  )
}

interface SectionProps<T> {
  title: string
  items: readonly T[]
  emptyIcon: LucideIcon
  emptyText: string
  /** The content of one item's `<li>`. */
  children: (item: T) => ReactNode
}

/** One part of the activity: its title with the count, then its items or an empty state. */
function Section<T extends { id: Key }>({ title, items, emptyIcon, emptyText, children }: SectionProps<T>) {
  return (
    <section className="activity-section">
      <h3 className="card-subtitle">
        {title} <span className="pill">{items.length}</span>
      </h3>
      {items.length === 0 ? (
        <EmptyState icon={emptyIcon}>{emptyText}</EmptyState>
      ) : (
        <ul className="activity-list">
          {items.map((item) => (
            <li key={item.id}>{children(item)}</li>
          ))}
        </ul>
      )}
    </section>
  )
}

const LIMITS = ['dailyBids', 'weeklyBids', 'monthlyBids', 'monthlySpend'] as const

/** The limits and pause the user set on their profile, with what is left of each now. */
function UserLimits({ id }: { id: number }) {
  const { t, i18n } = useTranslation()
  const { currency, money } = useMoney()
  const { data, isError } = useQuery(adminUserLimitsQuery(id))
  if (!data) {
    return isError ? (
      <p className="notice notice-error" data-testid="user-limits-error">
        {t('adminUsers.activity.limitsFailed')}
      </p>
    ) : null
  }
  const set = LIMITS.filter((field) => data[field] !== null)
  const amount = (field: (typeof LIMITS)[number], value: number | null) =>
    value === null ? '—' : field === 'monthlySpend' ? money(value) : String(value)
  return (
    <section className="activity-section" data-testid="user-limits">
      <h3 className="card-subtitle">{t('adminUsers.activity.limits')}</h3>
      {data.pausedUntil && (
        <p className="notice notice-paused" data-testid="user-limits-paused">
          {t('limits.pausedUntil', { date: formatDateTime(data.pausedUntil, i18n.language) })}
        </p>
      )}
      {set.length === 0 && !data.pausedUntil ? (
        <p className="muted">{t('adminUsers.activity.limitsNone')}</p>
      ) : (
        <ul className="activity-list">
          {set.map((field) => (
            <li key={field} data-testid={`user-limit-${field}`}>
              <strong>{t(`limits.${field}`, { symbol: currency })}</strong>
              <span>{amount(field, data[field])}</span>
              <span className="muted small">{t('limits.left', { left: amount(field, data.left[field]) })}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="muted small">{t('adminUsers.activity.limitsNote')}</p>
    </section>
  )
}

function Activity({ id }: { id: number }) {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  const { data, isPending, isError } = useQuery(adminUserActivityQuery(id))
  if (isPending) return <Spinner />
  if (isError) {
    return (
      <p className="notice notice-error" data-testid="activity-error">
        {t('adminUsers.activity.loadFailed')}
      </p>
    )
  }
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—')
  return (
    <div data-testid="activity-body">
      <Section title={t('adminUsers.activity.won')} items={data.wonAuctions} emptyIcon={Trophy} emptyText={t('adminUsers.activity.wonEmpty')}>
        {(won) => (
          <>
            <strong data-user-content>{won.title}</strong>
            <span>{money(won.finalPrice)}</span>
            <span className="muted small">{date(won.endTime)}</span>
          </>
        )}
      </Section>
      <Section title={t('adminUsers.activity.bids')} items={data.activeBids} emptyIcon={Coins} emptyText={t('adminUsers.activity.bidsEmpty')}>
        {(bid) => (
          <>
            <strong data-user-content>{bid.auctionTitle}</strong>
            <span className={`badge badge-${bid.status}`}>{t(`auction.status.${bid.status}`)}</span>
            <span>
              {t('adminUsers.activity.bidCount', { count: bid.bidCount })} · {money(bidsCost(bid.bidCount))}
            </span>
            <span className="muted small">
              {t('auction.currentPrice')}: {money(bid.currentPrice)} · {date(bid.createdAt)}
            </span>
          </>
        )}
      </Section>
      <Section title={t('adminUsers.activity.prebids')} items={data.prebids} emptyIcon={Hourglass} emptyText={t('adminUsers.activity.prebidsEmpty')}>
        {(prebid) => (
          <>
            <strong data-user-content>{prebid.auctionTitle}</strong>
            <span className={`badge badge-${prebid.status}`}>{t(`bidHistory.prebidStatus.${prebid.status}`)}</span>
            <span className="muted small">{date(prebid.createdAt)}</span>
          </>
        )}
      </Section>
    </div>
  )
}
