//! /pay/demo/:orderId — the demo provider's payment page (the `paymentUrl` of its orders): the
//! order's bids, amount and state, and "Pay" / "Fail", which post the outcome to
//! `POST /api/payments/demo/{orderId}`; the server signs and delivers the callback exactly as a
//! real provider would, and answers the order as it now is. For local runs, tests and the demo.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { LoginRequired } from '../../components/login-required'
import { OrderNotFound } from '../../components/order-not-found'
import { OrderStateBadge } from '../../components/order-state-badge'
import { PageSpinner } from '../../components/spinner'
import { api, dataOf, isApiError, messageOf } from '../../lib/api'
import type { Order } from '../../lib/api-types'
import { useMoney } from '../../lib/money'
import { rememberOrder, userOrderQuery } from '../../lib/queries'
import { authStatusAtom, currentUserAtom } from '../../lib/session'
import { useToast } from '../../lib/toast'
import './demo-pay.css'
import { useDocumentTitle } from '../../lib/use-document-title'
import '../../components/page-header.css'

type Outcome = 'paid' | 'failed'

function PaymentCard({ order }: { order: Order }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const queryClient = useQueryClient()
  const settle = useMutation({
    mutationFn: (outcome: Outcome) =>
      dataOf(api.POST('/api/payments/demo/{orderId}', { params: { path: { orderId: order.id } }, body: { outcome } })),
    onSuccess: ({ order: settled }) => rememberOrder(queryClient, settled),
    onError: (error) => toast({ title: t('common.error'), description: messageOf(error, t('demoPay.actionFailed')), variant: 'destructive' }),
  })
  const { money } = useMoney()
  return (
    <section className="card demo-pay-card" data-testid="demo-pay" data-state={order.state}>
      <div className="demo-pay-head">
        <h2 className="card-title">{t('demoPay.order', { id: order.id })}</h2>
        <OrderStateBadge state={order.state} />
      </div>
      <dl className="details-grid demo-pay-details">
        {order.kind === 'claim' && (
          <div className="details-row">
            <dt>{t('demoPay.item')}</dt>
            <dd data-testid="demo-pay-item">{t('demoPay.claim')}</dd>
          </div>
        )}
        {(order.kind !== 'claim' || order.bids > 0) && (
          <div className="details-row">
            <dt>{t('demoPay.bids')}</dt>
            <dd data-testid="demo-pay-bids">{order.bids}</dd>
          </div>
        )}
        <div className="details-row">
          <dt>{t('demoPay.amount')}</dt>
          <dd data-testid="demo-pay-amount">{money(order.amount)}</dd>
        </div>
      </dl>
      {order.state === 'pending' ? (
        <div className="button-row">
          <button type="button" className="btn btn-primary" disabled={settle.isPending} onClick={() => settle.mutate('paid')} data-testid="demo-pay-pay">
            {settle.isPending && settle.variables === 'paid' ? t('demoPay.sending') : t('demoPay.pay')}
          </button>
          <button type="button" className="btn btn-outline" disabled={settle.isPending} onClick={() => settle.mutate('failed')} data-testid="demo-pay-fail">
            {settle.isPending && settle.variables === 'failed' ? t('demoPay.sending') : t('demoPay.fail')}
          </button>
        </div>
      ) : (
        <>
          <p className={`notice${order.state === 'failed' ? ' notice-error' : ' notice-success'}`} data-testid="demo-pay-result" role="status">
            {order.kind === 'claim' && order.state === 'paid' ? t('demoPay.paidClaim') : t(`demoPay.${order.state}`)}
          </p>
          {order.kind === 'claim' ? (
            <Link to="/profile#won-items" className="btn btn-primary" data-testid="demo-pay-back">
              {t('demoPay.backClaim')}
            </Link>
          ) : (
            <Link to="/topup" className="btn btn-primary" data-testid="demo-pay-back">
              {t('demoPay.back')}
            </Link>
          )}
        </>
      )}
    </section>
  )
}

export function DemoPayPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('demoPay.title'))
  const status = useAtomValue(authStatusAtom)
  const user = useAtomValue(currentUserAtom)
  const { orderId } = useParams()
  const id = /^\d+$/.test(orderId ?? '') ? Number(orderId) : null
  const order = useQuery({ ...userOrderQuery(id ?? 0), enabled: user !== null && id !== null })

  if (status === 'loading') return <PageSpinner />
  if (!user) return <LoginRequired title={t('demoPay.loginTitle')} message={t('demoPay.loginText')} action="home" />
  if (id === null || (isApiError(order.error) && order.error.status === 404)) return <OrderNotFound testId="demo-pay-not-found" />
  if (order.isError) return <p className="container page notice notice-error">{messageOf(order.error, t('common.loadFailed'))}</p>
  if (!order.data) return <PageSpinner />

  return (
    <div className="container page demo-pay-page" data-testid="demo-pay-page">
      <header className="page-header">
        <h1 className="page-title">{t('demoPay.title')}</h1>
      </header>
      <p className="notice">{t('demoPay.notice')}</p>
      <PaymentCard order={order.data.order} />
    </div>
  )
}
