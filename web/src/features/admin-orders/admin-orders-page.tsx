//! /admin/orders: every user's orders (bid packages and won items), filtered by state, kind and a
//! search (a username part or an order id), paged; a paid order can be refunded after a
//! confirmation that says what happens: the unspent bids are taken back, the money returned is
//! in proportion, and the money itself goes back through the provider's merchant cabinet.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AdminPageShell } from '../../components/admin-page-shell'
import { useConfirm } from '../../components/confirm-dialog'
import { Pagination } from '../../components/pagination'
import { SearchBox } from '../../components/search-box'
import { Select } from '../../components/select'
import { Spinner } from '../../components/spinner'
import { api, dataOf, messageOf } from '../../lib/api'
import type { AdminOrder } from '../../lib/api-types'
import { useMoney } from '../../lib/money'
import { pageCount, pageRange } from '../../lib/pagination'
import { adminOrdersQuery, queryKeys } from '../../lib/queries'
import type { AdminOrderFilter } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { useAdminRefresh } from '../../lib/use-admin-refresh'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { OrderTable } from './order-table'
import '../../components/admin-page-shell.css'

export const SEARCH_DEBOUNCE_MS = 400
const ANY = 'any'
const STATES = ['pending', 'paid', 'failed', 'refunded'] as const
const KINDS = ['package', 'claim'] as const

export function AdminOrdersPage() {
  const { t } = useTranslation()
  const [state, setState] = useState<string>(ANY)
  const [kind, setKind] = useState<string>(ANY)
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const filter: AdminOrderFilter = { state: state === ANY ? '' : state, kind: kind === ANY ? '' : kind, q }
  const filterKey = JSON.stringify(filter)
  // A new filter starts on its first page.
  const [pageOf, setPageOf] = useState(filterKey)
  const [requestedPage, setPage] = useState(1)
  if (pageOf !== filterKey) {
    setPageOf(filterKey)
    setPage(1)
  }
  const page = pageOf === filterKey ? requestedPage : 1
  const orders = useQuery({ ...adminOrdersQuery(page, filter), placeholderData: keepPreviousData })
  const refund = useRefund()
  const { confirm, dialog } = useConfirm()
  const { money } = useMoney()

  const total = orders.data?.total ?? 0
  const pageSize = orders.data?.pageSize ?? 1
  const { from, to } = pageRange(page, pageSize, total)

  const askRefund = async (order: AdminOrder) => {
    const withBids = order.bids > 0
    const ok = await confirm({
      title: t('adminOrders.refundTitle', { id: order.id }),
      description: (
        <span className="refund-explain" data-testid="refund-explain">
          {withBids
            ? t('adminOrders.refundBids', { bids: order.bids, username: order.username, amount: money(order.amount) })
            : t('adminOrders.refundClaim', { amount: money(order.amount) })}{' '}
          {t('adminOrders.refundProvider')}
        </span>
      ),
      confirmLabel: t('adminOrders.refund'),
      destructive: true,
    })
    if (ok) refund.mutate(order)
  }

  const stateOptions = [{ value: ANY, label: t('adminOrders.anyState') }, ...STATES.map((value) => ({ value, label: t(`orderState.${value}`) }))]
  const kindOptions = [{ value: ANY, label: t('adminOrders.anyKind') }, ...KINDS.map((value) => ({ value, label: t(`adminOrders.kind.${value}`) }))]

  return (
    <AdminPageShell title={t('adminOrders.title')} subtitle={t('adminOrders.subtitle')} testId="admin-orders-page">
      <section className="card section-gap">
        <div className="card-head filters-head">
          <h2 className="card-title">{t('adminOrders.listTitle')}</h2>
          <div className="filters">
            <label className="filter">
              <span className="sr-only">{t('adminOrders.stateFilter')}</span>
              <Select id="orders-state" value={state} onChange={setState} options={stateOptions} testId="orders-state" />
            </label>
            <label className="filter">
              <span className="sr-only">{t('adminOrders.kindFilter')}</span>
              <Select id="orders-kind" value={kind} onChange={setKind} options={kindOptions} testId="orders-kind" />
            </label>
            <SearchBox label={t('adminOrders.search')} value={search} onChange={setSearch} placeholder={t('adminOrders.searchPlaceholder')} testId="orders-search" />
          </div>
        </div>
        {orders.isPending && <Spinner />}
        {orders.isError && <p className="notice notice-error">{messageOf(orders.error, t('common.loadFailed'))}</p>}
        {orders.data && (
          <>
            <OrderTable orders={orders.data.orders} onRefund={(order) => void askRefund(order)} refunding={refund.isPending} />
            <p className="muted small" data-testid="orders-shown">
              {t('adminOrders.shown', { from, to, count: total })}
            </p>
            <Pagination page={page} total={pageCount(total, pageSize)} onChange={setPage} variant="gaps" testId="orders-pagination" />
          </>
        )}
      </section>
      {dialog}
    </AdminPageShell>
  )
}

function useRefund() {
  const { t } = useTranslation()
  const { money } = useMoney()
  const { toast } = useToast()
  const refresh = useAdminRefresh()
  return useMutation({
    mutationFn: (order: AdminOrder) => dataOf(api.POST('/api/admin/orders/{id}/refund', { params: { path: { id: order.id } } })),
    onSuccess: ({ order }) => {
      toast({
        title: t('adminOrders.toast.refunded', { id: order.id }),
        description: t('adminOrders.toast.refundedText', { bids: order.refundBids ?? 0, amount: money(order.refundAmount ?? 0) }),
      })
      return refresh([queryKeys.adminOrders, queryKeys.adminClaims, queryKeys.adminUsers])
    },
    onError: (error) => {
      toast({ title: t('common.error'), description: messageOf(error, t('adminOrders.toast.refundFailed')), variant: 'destructive' })
      return refresh([queryKeys.adminOrders])
    },
  })
}
