//! /pay/:orderId — the payment page of a QR order (its `paymentUrl`): what the order buys and
//! costs, the live ELQR link with its countdown (the QR code on a desktop, the bank apps' buttons
//! on a phone), a new link once it has expired, and the outcome. The order's state comes from the
//! socket (`orderUpdate` into the query cache) and, as a fallback, from asking again every few
//! seconds while it waits and the page is seen, and at once when the page is seen again (back from
//! the bank app). Paid, the header's balance is read afresh too, in case the socket missed it.
import { useQuery } from '@tanstack/react-query'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { LoginRequired } from '../../components/login-required'
import { OrderNotFound } from '../../components/order-not-found'
import { PageSpinner } from '../../components/spinner'
import { isApiError, messageOf } from '../../lib/api'
import type { Order } from '../../lib/api-types'
import { userOrderQuery } from '../../lib/queries'
import { authStatusAtom, currentUserAtom, refreshBalanceAtom } from '../../lib/session'
import { useDocumentTitle } from '../../lib/use-document-title'
import { QrOrder } from './qr-order'
import './qr-pay.css'
import '../../components/page-header.css'

/** How often a waiting order is asked for while the page is seen (the socket usually comes first). */
export const ORDER_POLL_MS = 4_000

const waiting = (query: { state: { data?: { order: Order } } }) => query.state.data?.order.state === 'pending'

/** The order, asked again while it waits: every few seconds when seen, and when seen again. */
function useWatchedOrder(id: number | null, enabled: boolean) {
  return useQuery({
    ...userOrderQuery(id ?? 0),
    enabled: enabled && id !== null,
    refetchInterval: (query) => (waiting(query) ? ORDER_POLL_MS : false),
    refetchOnWindowFocus: (query) => (waiting(query) ? 'always' : false),
  })
}

export function QrPayPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('qrPay.title'))
  const status = useAtomValue(authStatusAtom)
  const user = useAtomValue(currentUserAtom)
  const refreshBalance = useSetAtom(refreshBalanceAtom)
  const { orderId } = useParams()
  const id = /^\d+$/.test(orderId ?? '') ? Number(orderId) : null
  const order = useWatchedOrder(id, user !== null)
  const paid = order.data?.order.state === 'paid'

  useEffect(() => {
    if (paid) void refreshBalance()
  }, [paid, refreshBalance])

  if (status === 'loading') return <PageSpinner />
  if (!user) return <LoginRequired title={t('demoPay.loginTitle')} message={t('demoPay.loginText')} action="home" />
  if (id === null || (isApiError(order.error) && order.error.status === 404)) return <OrderNotFound testId="qr-pay-not-found" />
  // A failed poll keeps the order on screen; only a first read that failed says so.
  if (!order.data) return order.isError ? <p className="container page notice notice-error">{messageOf(order.error, t('common.loadFailed'))}</p> : <PageSpinner />

  return (
    <div className="container page qr-pay-page" data-testid="qr-pay-page">
      <header className="page-header">
        <h1 className="page-title">{t('qrPay.title')}</h1>
      </header>
      <QrOrder order={order.data.order} />
    </div>
  )
}
