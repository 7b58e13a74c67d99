//! Active and upcoming auctions for admins: live first, then upcoming by start time; paged here.
//! The rows follow the socket (prices, leaders, countdowns) through the realtime atoms; finishing
//! and deleting ask for confirmation first, and an edit when it is saved.
import { Flag, Gavel, Pencil, Trash2 } from 'lucide-react'
import { useMutation } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ActionButton } from '../../components/action-button'
import { AuctionImage } from '../../components/auction-image'
import { BotBadge } from '../../components/bot-badge'
import { useConfirm } from '../../components/confirm-dialog'
import { EmptyState } from '../../components/empty-state'
import { Pagination } from '../../components/pagination'
import { Spinner } from '../../components/spinner'
import { StackTable } from '../../components/stack-table'
import { LiveTimer, StartCountdown } from '../../components/timers'
import { api, dataOf, messageOf } from '../../lib/api'
import type { Auction } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { clampPage, pageCount, pageRange, pageSlice } from '../../lib/pagination'
import { auctionDeletedAtom, auctionSavedAtom } from '../../lib/realtime'
import { auctionPath } from '../../lib/slug'
import { queryKeys } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { useAdminRefresh } from '../../lib/use-admin-refresh'
import { useAuctionList } from '../../lib/use-auctions'
import { AuctionDialog } from './auction-dialog'

export const ADMIN_AUCTIONS_PER_PAGE = 10

/** Live auctions first, then upcoming ones by start time ascending; finished ones are hidden. */
export function adminAuctionOrder(live: Auction[], upcoming: Auction[]): Auction[] {
  const byStart = (a: Auction, b: Auction) => Date.parse(a.startTime) - Date.parse(b.startTime)
  return [...live, ...[...upcoming].sort(byStart)]
}

interface Props {
  /** The edit dialog's extra part for one auction (its bots). */
  renderBots?: (auction: Auction) => ReactNode
  /** The promote toggle of one auction. */
  renderPromote?: (auction: Auction) => ReactNode
}

export function AuctionTable({ renderBots, renderPromote }: Props) {
  const { t } = useTranslation()
  const { status, data } = useAuctionList()
  const [requestedPage, setPage] = useState(1)
  const [dialog, setDialog] = useState<{ mode: 'create' } | { mode: 'edit'; id: number } | null>(null)
  const rows = useMemo(() => adminAuctionOrder(data?.live ?? [], data?.upcoming ?? []), [data])
  const total = pageCount(rows.length, ADMIN_AUCTIONS_PER_PAGE)
  const page = clampPage(requestedPage, total)
  const { from, to } = pageRange(page, ADMIN_AUCTIONS_PER_PAGE, rows.length)
  const editing = dialog?.mode === 'edit' ? rows.find((auction) => auction.id === dialog.id) : undefined
  const actions = useConfirmedActions()

  return (
    <section className="card section-gap" data-testid="admin-auction-table">
      <div className="card-head">
        <h2 className="card-title">{t('admin.auctionsTitle')}</h2>
        <button type="button" className="btn btn-primary btn-small" onClick={() => setDialog({ mode: 'create' })} data-testid="auction-create">
          + {t('admin.actions.create')}
        </button>
      </div>
      {status === 'loading' && <Spinner />}
      {status !== 'loading' && rows.length === 0 && <EmptyState icon={Gavel}>{t('admin.empty')}</EmptyState>}
      {rows.length > 0 && (
        <>
          <StackTable
            columns={[
              t('admin.columns.image'),
              t('admin.columns.title'),
              t('admin.columns.status'),
              t('admin.columns.currentPrice'),
              t('admin.columns.retailPrice'),
              t('admin.columns.startTime'),
              t('admin.columns.actions'),
            ]}
          >
            {pageSlice(rows, page, ADMIN_AUCTIONS_PER_PAGE).map((auction) => (
              <AuctionRow
                key={auction.id}
                auction={auction}
                renderPromote={renderPromote}
                // Opening the dialog changes nothing: saving the changes is what asks for a confirmation.
                onEdit={() => setDialog({ mode: 'edit', id: auction.id })}
                actions={actions}
              />
            ))}
          </StackTable>
          <p className="muted small" data-testid="admin-shown">
            {t('admin.shown', { from, to, count: rows.length })}
          </p>
          <Pagination page={page} total={total} onChange={setPage} />
        </>
      )}
      <AuctionDialog target={dialog?.mode === 'create' ? dialog : editing ? { mode: 'edit', auction: editing } : null} onClose={() => setDialog(null)}>
        {editing && renderBots?.(editing)}
      </AuctionDialog>
      {actions.dialog}
    </section>
  )
}

interface RowProps {
  auction: Auction
  renderPromote: Props['renderPromote']
  onEdit: () => void
  actions: ConfirmedActions
}

/** One auction, live from the socket: its status and countdown, price and leader, and actions. */
function AuctionRow({ auction, renderPromote, onEdit, actions }: RowProps) {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  return (
    <tr data-testid={`admin-auction-${auction.id}`}>
      <td className="cell-media">
        <AuctionImage src={auction.imageUrl} alt={auction.title} className="thumb" />
      </td>
      <td className="cell-title">
        <Link to={auctionPath(auction)} data-user-content>
          {auction.title}
        </Link>
        <span className="muted small block">{auction.displayId}</span>
        {auction.isBidPackage && <span className="pill">{t('auction.bidPackage')}</span>}
      </td>
      <td data-label={t('admin.columns.status')}>
        <span className="stack-cell">
          <span className={`badge badge-${auction.status}`}>{t(`auction.status.${auction.status}`)}</span>
          {auction.status === 'live' ? <LiveTimer auction={auction} /> : <StartCountdown auction={auction} />}
        </span>
      </td>
      <td data-label={t('admin.columns.currentPrice')}>
        <span className="stack-cell">
          <strong data-testid="admin-price">{money(auction.currentPrice)}</strong>
          <span className="muted small" data-testid="admin-leader">
            <span data-user-content={auction.lastBidder ? true : undefined}>{auction.lastBidder ?? t('auction.noBidder')}</span>
            {auction.lastBidderIsBot && <BotBadge />}
          </span>
        </span>
      </td>
      <td data-label={t('admin.columns.retailPrice')}>{money(auction.retailPrice)}</td>
      <td data-label={t('admin.columns.startTime')}>{formatDateTime(auction.startTime, i18n.language)}</td>
      <td className="cell-actions">
        <div className="row-actions">
          {renderPromote?.(auction)}
          <ActionButton icon={Pencil} label={t('common.edit')} onClick={onEdit} testId="auction-edit" />
          {auction.status === 'live' && (
            <ActionButton
              icon={Flag}
              label={t('admin.actions.finish')}
              onClick={() => void actions.finish(auction)}
              disabled={actions.finishing}
              testId="auction-finish"
            />
          )}
          <ActionButton
            icon={Trash2}
            label={t('common.delete')}
            tone="danger"
            onClick={() => void actions.remove(auction)}
            disabled={actions.deleting}
            testId="auction-delete"
          />
        </div>
      </td>
    </tr>
  )
}

/** Finishing and deleting an auction, each after the admin confirms it. */
interface ConfirmedActions {
  finish: (auction: Auction) => Promise<void>
  remove: (auction: Auction) => Promise<void>
  /** A finish, or a deletion, is on its way: their buttons wait. */
  finishing: boolean
  deleting: boolean
  /** The confirmation dialog, to render once. */
  dialog: ReactNode
}

/** The table's finish and delete: the admin confirms first, then `useAuctionActions` acts. */
function useConfirmedActions(): ConfirmedActions {
  const { t } = useTranslation()
  const { confirm, dialog } = useConfirm()
  const actions = useAuctionActions()
  const finish = async (auction: Auction) => {
    const ok = await confirm({
      title: t('admin.confirm.finish', { title: auction.title }),
      description: t('admin.confirm.finishText'),
      confirmLabel: t('admin.actions.finish'),
      destructive: true,
    })
    if (ok) actions.finish.mutate(auction)
  }
  const remove = async (auction: Auction) => {
    const ok = await confirm({
      title: t('admin.confirm.delete', { title: auction.title }),
      description: t('admin.confirm.deleteText'),
      confirmLabel: t('common.delete'),
      destructive: true,
    })
    if (ok) actions.remove.mutate(auction)
  }
  return { finish, remove, finishing: actions.finish.isPending, deleting: actions.remove.isPending, dialog }
}

/** Finishing and deleting, each with its toast; the views change at once from the answer. */
function useAuctionActions() {
  const { t } = useTranslation()
  const { toast } = useToast()
  const saved = useSetAtom(auctionSavedAtom)
  const deleted = useSetAtom(auctionDeletedAtom)
  const refresh = useAdminRefresh()
  const changed = [queryKeys.adminFinished, queryKeys.adminBots]
  const finish = useMutation({
    mutationFn: (auction: Auction) => dataOf(api.POST('/api/admin/auctions/{id}/end', { params: { path: { id: auction.id } } })),
    onSuccess: (auction) => {
      saved(auction)
      toast({ title: t('admin.toast.ended'), description: auction.title })
      return refresh(changed)
    },
    onError: (error) => toast({ title: t('common.error'), description: messageOf(error, t('admin.toast.endFailed')), variant: 'destructive' }),
  })
  const remove = useMutation({
    mutationFn: async (auction: Auction) => {
      await dataOf(api.DELETE('/api/admin/auctions/{id}', { params: { path: { id: auction.id } } }))
      return auction
    },
    onSuccess: (auction) => {
      deleted(auction.id)
      toast({ title: t('admin.toast.deleted'), description: auction.title })
      return refresh(changed)
    },
    onError: (error) => toast({ title: t('admin.toast.deleteFailed'), description: messageOf(error, t('admin.toast.deleteFailedText')), variant: 'destructive' }),
  })
  return { finish, remove }
}
