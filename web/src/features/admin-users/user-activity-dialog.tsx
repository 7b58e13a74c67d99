//! What one user did: the auctions they won, the auctions they bid on (with their bid count and
//! what those bids cost, 0.01 each) and their pre-bids.
import * as Dialog from '@radix-ui/react-dialog'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../components/empty-state'
import { Spinner } from '../../components/spinner'
import type { User } from '../../lib/api-types'
import { formatDateTime, formatMoney } from '../../lib/format'
import { adminUserActivityQuery } from '../../lib/queries'
import { settingsAtom } from '../../lib/settings'

/** What `count` bids cost in som (each is 0.01). */
export const bidsCost = (count: number) => Math.round(count) / 100

export function UserActivityDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog.Root open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog dialog-wide" data-testid="user-activity-dialog">
          <div className="dialog-head">
            <Dialog.Title className="dialog-title">{t('adminUsers.activity.title')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('common.close')} data-testid="dialog-close">
              ×
            </Dialog.Close>
          </div>
          <Dialog.Description className="dialog-description">{user?.username}</Dialog.Description>
          {user && <Activity id={user.id} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section className="activity-section">
      <h3 className="card-subtitle">
        {title} <span className="pill">{count}</span>
      </h3>
      {children}
    </section>
  )
}

function Activity({ id }: { id: number }) {
  const { t, i18n } = useTranslation()
  const { currencySymbol } = useAtomValue(settingsAtom)
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
      <Section title={t('adminUsers.activity.won')} count={data.wonAuctions.length}>
        {data.wonAuctions.length === 0 ? (
          <EmptyState icon="🏆">{t('adminUsers.activity.wonEmpty')}</EmptyState>
        ) : (
          <ul className="activity-list">
            {data.wonAuctions.map((won) => (
              <li key={won.id}>
                <strong>{won.title}</strong>
                <span>{formatMoney(won.finalPrice, currencySymbol)}</span>
                <span className="muted small">{date(won.endTime)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('adminUsers.activity.bids')} count={data.activeBids.length}>
        {data.activeBids.length === 0 ? (
          <EmptyState icon="🪙">{t('adminUsers.activity.bidsEmpty')}</EmptyState>
        ) : (
          <ul className="activity-list">
            {data.activeBids.map((bid) => (
              <li key={bid.id}>
                <strong>{bid.auctionTitle}</strong>
                <span className={`badge badge-${bid.status}`}>{t(`auction.status.${bid.status}`)}</span>
                <span>
                  {t('adminUsers.activity.bidCount', { count: bid.bidCount })} · {formatMoney(bidsCost(bid.bidCount), currencySymbol)}
                </span>
                <span className="muted small">
                  {t('auction.currentPrice')}: {formatMoney(bid.currentPrice, currencySymbol)} · {date(bid.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('adminUsers.activity.prebids')} count={data.prebids.length}>
        {data.prebids.length === 0 ? (
          <EmptyState icon="⏳">{t('adminUsers.activity.prebidsEmpty')}</EmptyState>
        ) : (
          <ul className="activity-list">
            {data.prebids.map((prebid) => (
              <li key={prebid.id}>
                <strong>{prebid.auctionTitle}</strong>
                <span className={`badge badge-${prebid.status}`}>{t(`bidHistory.prebidStatus.${prebid.status}`)}</span>
                <span className="muted small">{date(prebid.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  )
}
