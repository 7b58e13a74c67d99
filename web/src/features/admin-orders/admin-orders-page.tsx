//! /admin/orders: every user's orders (bid packages and won items), filtered by state, kind, payment
//! method, provider and a search (a username part or an order id), paged, with the accountant's
//! reconciliation export (CSV of the days chosen); a paid order can be refunded after a
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
import { ExportCard } from './export-card'
import { OrderTable } from './order-table'
import '../../components/admin-page-shell.css'

export const SEARCH_DEBOUNCE_MS = 400
const ANY = 'any'
const STATES = ['pending', 'paid', 'failed', 'refunded'] as const
const KINDS = ['package', 'claim'] as const
const METHODS = ['card', 'qr'] as const
/** The providers the server knows (src/payments/): the card's and the QR payments'. */
const PROVIDERS = ['demo', 'freedompay', 'gopay'] as const

export function AdminOrdersPage() {
  const { t } = useTranslation()
  const [choice, setChoice] = useState<Choice>({ state: ANY, kind: ANY, method: ANY, provider: ANY })
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const any = (value: string) => (value === ANY ? '' : value)
  const filter: AdminOrderFilter = { state: any(choice.state), kind: any(choice.kind), method: any(choice.method), provider: any(choice.provider), q }
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


  return (
    <AdminPageShell title={t('adminOrders.title')} subtitle={t('adminOrders.subtitle')} testId="admin-orders-page">
      <section className="card section-gap">
        <div className="card-head filters-head">
          <h2 className="card-title">{t('adminOrders.listTitle')}</h2>
          <div className="filters">
            <Filters choice={choice} onChange={setChoice} />
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
      <ExportCard />
      {dialog}
    </AdminPageShell>
  )
}

/** The list's select filters; `ANY` is no filter. */
interface Choice {
  state: string
  kind: string
  method: string
  provider: string
}

function Filters({ choice, onChange }: { choice: Choice; onChange: (choice: Choice) => void }) {
  const { t } = useTranslation()
  const options = (anyLabel: string, values: readonly string[], label: (value: string) => string) => [
    { value: ANY, label: anyLabel },
    ...values.map((value) => ({ value, label: label(value) })),
  ]
  const filters = [
    { key: 'state', label: t('adminOrders.stateFilter'), options: options(t('adminOrders.anyState'), STATES, (v) => t(`orderState.${v}`)) },
    { key: 'kind', label: t('adminOrders.kindFilter'), options: options(t('adminOrders.anyKind'), KINDS, (v) => t(`adminOrders.kind.${v}`)) },
    { key: 'method', label: t('adminOrders.methodFilter'), options: options(t('adminOrders.anyMethod'), METHODS, (v) => t(`adminOrders.method.${v}`)) },
    { key: 'provider', label: t('adminOrders.providerFilter'), options: options(t('adminOrders.anyProvider'), PROVIDERS, (v) => v) },
  ] as const
  return (
    <>
      {filters.map(({ key, label, options: list }) => (
        <label className="filter" key={key}>
          <span className="sr-only">{label}</span>
          <Select id={`orders-${key}`} value={choice[key]} onChange={(value) => onChange({ ...choice, [key]: value })} options={list} testId={`orders-${key}`} />
        </label>
      ))}
    </>
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
