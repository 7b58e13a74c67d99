//! /admin/finished-auctions: every finished auction, latest end first, with its winner (bots marked)
//! and what the winner saved; the statistics dialog and deletion (confirmed) per row.
import { ChartColumn, Flag, Trash2 } from 'lucide-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionButton } from '../../components/action-button'
import { AdminPageShell } from '../../components/admin-page-shell'
import { AuctionImage } from '../../components/auction-image'
import { BotBadge } from '../../components/bot-badge'
import { useConfirm } from '../../components/confirm-dialog'
import { EmptyState } from '../../components/empty-state'
import { Spinner } from '../../components/spinner'
import { StackTable } from '../../components/stack-table'
import { api, dataOf, messageOf } from '../../lib/api'
import type { Auction, FinishedAuctionRow } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { adminFinishedQuery, queryKeys } from '../../lib/queries'
import { auctionDeletedAtom } from '../../lib/realtime'
import { useToast } from '../../lib/toast'
import { AuctionStatsDialog } from './auction-stats-dialog'
import './admin-finished.css'
import { winnerName } from '../../lib/bots'

/** Whether a person won the auction: not unsold, not won by the house. Only then did anyone save
 * anything (the admin's savings column). */
export function personWon(auction: Pick<Auction, 'winner'>): boolean {
  return !!auction.winner && !auction.winner.isBot
}

export function AdminFinishedPage() {
  const { t } = useTranslation()
  const { data, isPending, isError, error } = useQuery(adminFinishedQuery())
  const [viewing, setViewing] = useState<FinishedAuctionRow | null>(null)
  const remove = useDeleteFinished()
  const { confirm, dialog } = useConfirm()

  const askDelete = async (auction: FinishedAuctionRow) => {
    const ok = await confirm({
      title: t('admin.confirm.delete', { title: auction.title }),
      description: t('adminFinished.deleteText'),
      confirmLabel: t('common.delete'),
      destructive: true,
    })
    if (ok) remove.mutate(auction)
  }

  return (
    <AdminPageShell title={t('admin.finishedTitle')} subtitle={t('adminFinished.subtitle')} testId="admin-finished-page">
      <section className="card section-gap">
        {isPending && <Spinner />}
        {isError && <p className="notice notice-error">{messageOf(error, t('common.loadFailed'))}</p>}
        {data && data.length === 0 && <EmptyState icon={Flag}>{t('adminFinished.empty')}</EmptyState>}
        {data && data.length > 0 && (
          <StackTable
            columns={[
              t('admin.columns.image'),
              t('admin.columns.title'),
              t('adminFinished.columns.displayId'),
              t('adminFinished.columns.finalPrice'),
              t('admin.columns.retailPrice'),
              t('adminFinished.columns.winner'),
              t('adminFinished.columns.endTime'),
              t('adminFinished.columns.savings'),
              t('admin.columns.actions'),
            ]}
            testId="finished-table"
          >
            {data.map((auction) => (
              <FinishedRow
                key={auction.id}
                auction={auction}
                onView={() => setViewing(auction)}
                onDelete={() => void askDelete(auction)}
                deleting={remove.isPending}
              />
            ))}
          </StackTable>
        )}
      </section>
      <AuctionStatsDialog auction={viewing} onClose={() => setViewing(null)} />
      {dialog}
    </AdminPageShell>
  )
}

interface FinishedRowProps {
  auction: FinishedAuctionRow
  onView: () => void
  onDelete: () => void
  /** A deletion is on its way: the delete buttons wait. */
  deleting: boolean
}

/** One finished auction: what it sold for, to whom, when, what the winner saved, and its actions. */
function FinishedRow({ auction, onView, onDelete, deleting }: FinishedRowProps) {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  return (
    <tr data-testid={`finished-row-${auction.id}`}>
      <td className="cell-media">
        <AuctionImage src={auction.imageUrl} alt={auction.title} className="thumb" />
      </td>
      <td className="cell-title">
        <strong data-user-content>{auction.title}</strong>
      </td>
      <td data-label={t('adminFinished.columns.displayId')}>
        <code className="small">{auction.displayId}</code>
      </td>
      <td data-label={t('adminFinished.columns.finalPrice')}>
        <strong data-testid="finished-price">{money(auction.winningBid?.amount ?? auction.currentPrice)}</strong>
      </td>
      <td data-label={t('admin.columns.retailPrice')}>
        <s className="muted">{money(auction.retailPrice)}</s>
      </td>
      <td data-label={t('adminFinished.columns.winner')} data-testid="finished-winner">
        {auction.winner ? (
          <span>
            <span data-user-content>{winnerName(auction.winner)}</span>
            {auction.winner.isBot && <BotBadge />}
          </span>
        ) : (
          <span className="muted">{t('adminFinished.noWinner')}</span>
        )}
      </td>
      <td data-label={t('adminFinished.columns.endTime')}>{auction.endTime ? formatDateTime(auction.endTime, i18n.language) : '—'}</td>
      <td data-label={t('adminFinished.columns.savings')}>
        {personWon(auction) ? (
          <span className="stack-cell">
            <span>{money(auction.savings)}</span>
            <span className="badge badge-success">{auction.savingsPercent}%</span>
          </span>
        ) : (
          <span className="muted" data-testid="finished-no-savings">—</span>
        )}
      </td>
      <td className="cell-actions">
        <div className="row-actions">
          <ActionButton icon={ChartColumn} label={t('adminFinished.view')} onClick={onView} testId="finished-stats" />
          <ActionButton icon={Trash2} label={t('common.delete')} tone="danger" onClick={onDelete} disabled={deleting} testId="finished-delete" />
        </div>
      </td>
    </tr>
  )
}

function useDeleteFinished() {
  const { t } = useTranslation()
  const { toast } = useToast()
  const queryClient = useQueryClient()
  const deleted = useSetAtom(auctionDeletedAtom)
  return useMutation({
    mutationFn: async (auction: FinishedAuctionRow) => {
      await dataOf(api.DELETE('/api/admin/auctions/{id}', { params: { path: { id: auction.id } } }))
      return auction
    },
    onSuccess: (auction) => {
      deleted(auction.id)
      toast({ title: t('admin.toast.deleted'), description: auction.title })
      return queryClient.invalidateQueries({ queryKey: queryKeys.admin })
    },
    onError: (error) => toast({ title: t('admin.toast.deleteFailed'), description: messageOf(error, t('admin.toast.deleteFailedText')), variant: 'destructive' }),
  })
}
