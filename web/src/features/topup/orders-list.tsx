//! "My orders": the user's purchases, newest first, each with its state (kept current by the socket).
import { Receipt } from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../components/empty-state'
import { OrderStateBadge } from '../../components/order-state-badge'
import { PageSpinner } from '../../components/spinner'
import { messageOf } from '../../lib/api'
import { formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { userOrdersQuery } from '../../lib/queries'

export function OrdersList() {
  const { t, i18n } = useTranslation()
  const { data, isPending, isError, error } = useQuery(userOrdersQuery())
  const { money } = useMoney()
  return (
    <section className="card section-gap" data-testid="orders-list" aria-labelledby="orders-title">
      <h2 id="orders-title" className="card-title">
        {t('topup.orders.title')}
      </h2>
      {isPending && <PageSpinner />}
      {isError && <p className="notice notice-error">{messageOf(error, t('common.loadFailed'))}</p>}
      {data && data.orders.length === 0 && <EmptyState icon={Receipt}>{t('topup.orders.empty')}</EmptyState>}
      {data && data.orders.length > 0 && (
        <ul className="order-list">
          {data.orders.map((order) => (
            <li key={order.id} className="order-row" data-testid={`order-${order.id}`}>
              <span className="order-id">
                <strong>{t('topup.orders.number', { id: order.id })}</strong>
                <span className="muted small">{formatDateTime(order.createdAt, i18n.language)}</span>
              </span>
              <span className="order-bids">
                <span className="sr-only">{t('topup.orders.bids')}: </span>
                {order.kind === 'claim' && order.bids === 0 ? t('topup.orders.claimItem') : t('common.bidsCount', { count: order.bids })}
              </span>
              <span className="order-amount">
                <span className="sr-only">{t('topup.orders.amount')}: </span>
                {money(order.amount)}
              </span>
              <OrderStateBadge state={order.state} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
