//! The order just made on this page, live: awaiting payment in the other tab, then paid or not
//! (the socket's `orderUpdate` writes the new state into the cache). Coming back to this tab
//! refetches it too, in case the socket was down meanwhile.
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { OrderStateBadge } from '../../components/order-state-badge'
import { userOrderQuery } from '../../lib/queries'

interface Props {
  orderId: number
  /** The payment page, when the browser blocked the tab that should have shown it. */
  blockedUrl: string | null
}

export function CurrentOrder({ orderId, blockedUrl }: Props) {
  const { t } = useTranslation()
  const { data } = useQuery({ ...userOrderQuery(orderId), refetchOnWindowFocus: (query) => (query.state.data?.order.state === 'pending' ? 'always' : false) })
  const order = data?.order
  if (!order) return null
  return (
    <section className={`card current-order is-${order.state}`} data-testid="current-order" aria-live="polite">
      <div className="current-order-head">
        <h2 className="card-title">{t('topup.current.title', { id: order.id })}</h2>
        <OrderStateBadge state={order.state} />
      </div>
      <p>{t(`topup.current.${order.state}`)}</p>
      {order.state === 'pending' && blockedUrl && (
        <a className="btn btn-primary" href={blockedUrl} target="_blank" rel="noopener noreferrer" data-testid="open-payment">
          {t('topup.openPayment')}
        </a>
      )}
    </section>
  )
}
