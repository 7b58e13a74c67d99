//! One order on its payment page: what it buys and what it costs, then, while it waits, the live
//! QR link with the time it has left (mm:ss), paid from a bank app (`pay-ways.tsx`), or, once the
//! link has expired, "get a new link" (`POST /api/payments/orders/{orderId}/qr`); after, the
//! outcome. A demo link gets the demo's buttons too. A card order shows the way to its own page.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Clock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { OrderStateBadge } from '../../components/order-state-badge'
import { api, dataOf, isApiError, messageOf } from '../../lib/api'
import type { Order, QrView } from '../../lib/api-types'
import { msUntil, useServerNow } from '../../lib/clock'
import { formatTimer } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { rememberOrder, userOrderQuery } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { DemoBox } from './demo-box'
import { DesktopPay, PhonePay } from './pay-ways'
import { isDemoLink } from './qr-links'
import { QrOutcome } from './qr-outcome'
import { usePhoneLayout } from './use-phone-layout'

/** Below this much time left, the countdown turns red. */
const HURRY_MS = 60_000

export function QrOrder({ order }: { order: Order }) {
  const { t } = useTranslation()
  const { money } = useMoney()
  return (
    <section className={`card qr-pay-card is-${order.state}`} data-testid="qr-pay" data-state={order.state} data-method={order.method}>
      <div className="qr-pay-head">
        <h2 className="card-title">{t('demoPay.order', { id: order.id })}</h2>
        <OrderStateBadge state={order.state} />
      </div>
      <dl className="details-grid qr-pay-details">
        <div className="details-row">
          <dt>{t('qrPay.buying')}</dt>
          <dd data-testid="qr-pay-item">{order.kind === 'claim' ? t('demoPay.claim') : t('common.bidsCount', { count: order.bids })}</dd>
        </div>
        <div className="details-row">
          <dt>{t('demoPay.amount')}</dt>
          <dd className="qr-pay-amount" data-testid="qr-pay-amount">
            {money(order.amount)}
          </dd>
        </div>
      </dl>
      {order.state !== 'pending' ? <QrOutcome order={order} /> : order.method === 'qr' ? <PendingQr order={order} /> : <CardOrder order={order} />}
    </section>
  )
}

/** A waiting QR order: the live link while it lasts, else the offer of a new one. */
function PendingQr({ order }: { order: Order }) {
  const now = useServerNow()
  const left = order.qr ? msUntil(order.qr.expiresAt, now) : 0
  if (!order.qr || left <= 0) return <ExpiredLink orderId={order.id} />
  return <LiveLink qr={order.qr} orderId={order.id} left={left} />
}

function LiveLink({ qr, orderId, left }: { qr: QrView; orderId: number; left: number }) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  return (
    <>
      <p className={`qr-countdown${left <= HURRY_MS ? ' is-urgent' : ''}`} data-testid="qr-countdown">
        <Clock aria-hidden="true" />
        {t('qrPay.validFor')}{' '}
        <span className="qr-countdown-time" role="timer" aria-live="off" data-testid="qr-time-left">
          {formatTimer(left)}
        </span>
      </p>
      {phone ? <PhonePay qr={qr} orderId={orderId} /> : <DesktopPay qr={qr} orderId={orderId} />}
      <p className="muted small" data-testid="qr-auto-update">
        {t('qrPay.autoUpdate')}
      </p>
      {isDemoLink(qr.link) && <DemoBox orderId={orderId} />}
    </>
  )
}

/** The link has expired, the order still waits: one tap asks for a new link. */
function ExpiredLink({ orderId }: { orderId: number }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const queryClient = useQueryClient()
  const renew = useMutation({
    mutationFn: () => dataOf(api.POST('/api/payments/orders/{orderId}/qr', { params: { path: { orderId } } })),
    onSuccess: ({ order }) => rememberOrder(queryClient, order),
    onError: (error) => {
      toast({ title: t('common.error'), description: messageOf(error, t('qrPay.renewFailed')), variant: 'destructive' })
      // Paid, closed or renewed meanwhile: the order as it is now says which.
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: userOrderQuery(orderId).queryKey })
    },
  })
  return (
    <div className="qr-expired" data-testid="qr-expired">
      <p className="notice notice-error" role="alert">
        {t('qrPay.expired')}
      </p>
      <button type="button" className="btn btn-primary btn-block qr-renew" disabled={renew.isPending} onClick={() => renew.mutate()} data-testid="qr-renew">
        {renew.isPending ? t('qrPay.renewing') : t('qrPay.renew')}
      </button>
    </div>
  )
}

/** A card order has no QR: its payment is on the card provider's page. */
function CardOrder({ order }: { order: Order }) {
  const { t } = useTranslation()
  return (
    <div className="qr-card-order" data-testid="qr-card-order">
      <p>{t('qrPay.cardOrder')}</p>
      <a className="btn btn-primary" href={order.paymentUrl} target="_blank" rel="noopener noreferrer">
        {t('topup.openPayment')}
      </a>
    </div>
  )
}
