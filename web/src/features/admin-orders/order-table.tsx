//! The admin's order table: number and dates, the buyer, what was bought (a package's bids or a
//! won item), the amount, the state with the provider's payment id, and what a refund took back.
import { Receipt, Undo2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ActionButton } from '../../components/action-button'
import { EmptyState } from '../../components/empty-state'
import { OrderStateBadge } from '../../components/order-state-badge'
import { StackTable } from '../../components/stack-table'
import type { AdminOrder } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'

interface Props {
  orders: AdminOrder[]
  onRefund: (order: AdminOrder) => void
  refunding: boolean
}

export function OrderTable({ orders, onRefund, refunding }: Props) {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  if (orders.length === 0) return <EmptyState icon={Receipt}>{t('adminOrders.empty')}</EmptyState>
  return (
    <StackTable
      columns={[
        t('adminOrders.columns.order'),
        t('adminOrders.columns.user'),
        t('adminOrders.columns.item'),
        t('adminOrders.columns.amount'),
        t('adminOrders.columns.state'),
        t('adminOrders.columns.refund'),
        t('admin.columns.actions'),
      ]}
      testId="orders-table"
    >
      {orders.map((order) => (
        <tr key={order.id} data-testid={`admin-order-${order.id}`}>
          <td className="cell-title">
            <strong className="block">{t('topup.orders.number', { id: order.id })}</strong>
            <span className="muted small">{formatDateTime(order.createdAt, i18n.language)}</span>
          </td>
          <td data-label={t('adminOrders.columns.user')}>
            <span className="stack-cell">
              <strong data-user-content>{order.username}</strong>
              <span className="muted small">#{order.userId}</span>
            </span>
          </td>
          <td data-label={t('adminOrders.columns.item')}>
            <span className="stack-cell">
              <span>{t(`adminOrders.kind.${order.kind}`)}</span>
              <span className="muted small">
                {order.kind === 'claim' ? t('adminOrders.claimRef', { id: order.claimId ?? '—' }) : t('adminOrders.packageRef', { id: order.packageId ?? '—' })}
                {order.bids > 0 && ` · ${t('common.bidsCount', { count: order.bids })}`}
              </span>
            </span>
          </td>
          <td data-label={t('adminOrders.columns.amount')}>
            <strong>{money(order.amount)}</strong>
          </td>
          <td data-label={t('adminOrders.columns.state')}>
            <span className="stack-cell">
              <OrderStateBadge state={order.state} />
              {order.paidAt && <span className="muted small">{formatDateTime(order.paidAt, i18n.language)}</span>}
              <span className="muted small" data-testid="order-paid-by">
                {t(`adminOrders.method.${order.method}`)} · {order.provider}
                {order.providerPaymentId && ` · ${order.providerPaymentId}`}
              </span>
            </span>
          </td>
          <td data-label={t('adminOrders.columns.refund')} data-testid="order-refund-info">
            {order.refundedAt ? (
              <span className="stack-cell small">
                <span>{t('adminOrders.refundedBids', { count: order.refundBids ?? 0 })}</span>
                <span>{money(order.refundAmount ?? 0)}</span>
                <span className="muted">{formatDateTime(order.refundedAt, i18n.language)}</span>
              </span>
            ) : (
              '—'
            )}
          </td>
          <td className="cell-actions">
            <div className="row-actions">
              {order.state === 'paid' && (
                <ActionButton icon={Undo2} label={t('adminOrders.refund')} tone="danger" onClick={() => onRefund(order)} disabled={refunding} testId="order-refund" />
              )}
            </div>
          </td>
        </tr>
      ))}
    </StackTable>
  )
}
