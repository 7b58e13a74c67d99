//! A QR order that is no longer waiting: paid (the bids are on the balance, or the won item is
//! paid), failed, or refunded, with the way back: to /topup, or to the won items for an item.
import type { TFunction } from 'i18next'
import { CircleCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Order } from '../../lib/api-types'

/** What the result says, by the order's kind and state. */
function resultText(t: TFunction, order: Order): string {
  if (order.state === 'paid') return order.kind === 'claim' ? t('qrPay.paidClaim') : t('qrPay.paidBids', { count: order.bids })
  return t(order.state === 'failed' ? 'qrPay.failed' : 'qrPay.refunded')
}

export function QrOutcome({ order }: { order: Order }) {
  const { t } = useTranslation()
  const paid = order.state === 'paid'
  return (
    <div className="qr-outcome" data-testid="qr-outcome">
      <p className={`notice qr-result ${order.state === 'failed' ? 'notice-error' : 'notice-success'}`} role="status" data-testid="qr-pay-result">
        {paid && <CircleCheck aria-hidden="true" />}
        {resultText(t, order)}
      </p>
      <div className="button-row">
        {order.kind === 'claim' ? (
          <Link to="/profile#won-items" className="btn btn-primary" data-testid="qr-pay-back">
            {t('demoPay.backClaim')}
          </Link>
        ) : (
          <Link to="/topup" className="btn btn-primary" data-testid="qr-pay-back">
            {order.state === 'failed' ? t('qrPay.tryAgain') : t('demoPay.back')}
          </Link>
        )}
        {paid && order.kind !== 'claim' && (
          <Link to="/auctions" className="btn btn-outline" data-testid="qr-pay-auctions">
            {t('qrPay.toAuctions')}
          </Link>
        )}
      </div>
    </div>
  )
}
