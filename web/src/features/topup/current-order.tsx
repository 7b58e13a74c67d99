//! The order just made on this page, live: awaiting payment in the other tab, then paid or not
//! (the socket's `orderUpdate` writes the new state into the cache). Coming back to this tab
//! refetches it too, in case the socket was down meanwhile. With no order made here, the user's
//! newest order when it is a QR order still to pay: its payment page is one tap away.
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { OrderStateBadge } from '../../components/order-state-badge'
import type { Order } from '../../lib/api-types'
import { paysInThisTab } from '../../lib/pay-method'
import { userOrderQuery, userOrdersQuery } from '../../lib/queries'

interface Props {
  /** The order made on this page, if any. */
  orderId: number | null
  /** The payment page, when the browser blocked the tab that should have shown it. */
  blockedUrl: string | null
}

/** The user's newest order when it is a pending QR order (one left to pay on its own page). */
export function unpaidQrOrder(orders: readonly Order[] | undefined): Order | null {
  const newest = orders?.[0]
  return newest && newest.state === 'pending' && newest.method === 'qr' ? newest : null
}

export function CurrentOrder({ orderId, blockedUrl }: Props) {
  const list = useQuery({ ...userOrdersQuery(), enabled: orderId === null })
  const id = orderId ?? unpaidQrOrder(list.data?.orders)?.id ?? null
  return id === null ? null : <OrderBox orderId={id} blockedUrl={blockedUrl} />
}

function OrderBox({ orderId, blockedUrl }: { orderId: number; blockedUrl: string | null }) {
  const { t } = useTranslation()
  const { data } = useQuery({ ...userOrderQuery(orderId), refetchOnWindowFocus: (query) => (query.state.data?.order.state === 'pending' ? 'always' : false) })
  const order = data?.order
  if (!order) return null
  const qr = paysInThisTab(order)
  return (
    <section className={`card current-order is-${order.state}`} data-testid="current-order" data-method={order.method} aria-live="polite">
      <div className="current-order-head">
        <h2 className="card-title">{t('topup.current.title', { id: order.id })}</h2>
        <OrderStateBadge state={order.state} />
      </div>
      <p>{qr && order.state === 'pending' ? t('topup.current.pendingQr') : t(`topup.current.${order.state}`)}</p>
      {order.state === 'pending' && qr && (
        <Link className="btn btn-primary" to={order.paymentUrl} data-testid="open-qr-payment">
          {t('topup.openQrPayment')}
        </Link>
      )}
      {order.state === 'pending' && !qr && blockedUrl && (
        <a className="btn btn-primary" href={blockedUrl} target="_blank" rel="noopener noreferrer" data-testid="open-payment">
          {t('topup.openPayment')}
        </a>
      )}
    </section>
  )
}
