//! /topup: the bid packages of the server's catalogue, each with the price of one bid, and how to
//! pay (QR first, or card; remembered). A visitor sees them too (and is asked to log in to buy). A
//! user's buy button goes to the QR payment page in this tab (`/pay/{orderId}`), or opens the card
//! provider's page in a new tab, whose order's state then shows here live, above the list of their
//! orders; an unpaid QR order shows here too, with the way back to its payment page.
import { Lock, MessageCircle, Zap } from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue, useSetAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/page-header'
import { PayMethodChoice, usePayMethod } from '../../components/pay-method-choice'
import { PageSpinner } from '../../components/spinner'
import { messageOf } from '../../lib/api'
import type { Package } from '../../lib/api-types'
import { openLoginDialogAtom } from '../../lib/dialogs'
import { cheapestPricePerBid } from '../../lib/payments'
import { paymentPackagesQuery } from '../../lib/queries'
import { currentUserAtom } from '../../lib/session'
import { CurrentOrder } from './current-order'
import { OrdersList } from './orders-list'
import { PackageCard } from './package-card'
import { useBuyPackage } from './use-buy-package'
import './topup.css'
import { useDocumentTitle } from '../../lib/use-document-title'

const INFO = [
  { key: 'secure', icon: Lock },
  { key: 'instant', icon: Zap },
  { key: 'support', icon: MessageCircle },
] as const

/**
 * The one package whose bid is cheaper than every other's (`null` when two share the lowest
 * price, or there is only one): the only package a "best price per bid" claim is true of.
 */
export function bestPricePerBid<T extends { id: number; pricePerBid: number }>(packages: readonly T[]): number | null {
  const low = cheapestPricePerBid(packages)
  const cheapest = packages.filter((pack) => pack.pricePerBid === low)
  return packages.length > 1 && cheapest.length === 1 ? cheapest[0].id : null
}

export function TopupPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('topup.title'))
  const user = useAtomValue(currentUserAtom)
  const openLogin = useSetAtom(openLoginDialogAtom)
  const packages = useQuery(paymentPackagesQuery())
  const best = packages.data ? bestPricePerBid(packages.data.packages) : null
  const { buy, buyingId, orderId, blockedUrl, qrUnavailable } = useBuyPackage()
  const [method, setMethod] = usePayMethod()
  const steps = t('topup.steps', { returnObjects: true }) as { title: string; text: string }[]

  function onBuy(pack: Package) {
    if (user) buy(pack.id, method)
    else openLogin('login')
  }

  return (
    <div className="container page" data-testid="topup-page">
      <PageHeader title={t('topup.title')} subtitle={t('topup.subtitle')} />
      {!user && (
        <p className="notice" data-testid="visitor-notice">
          {t('topup.visitorNotice')}
        </p>
      )}
      {user && <CurrentOrder orderId={orderId} blockedUrl={blockedUrl} />}
      <div className="topup-method">
        <PayMethodChoice name="topup-method" value={method} onChange={setMethod} disabled={buyingId !== null} />
        {qrUnavailable && method === 'qr' && (
          <p className="notice notice-error topup-method-note" role="alert" data-testid="qr-unavailable">
            {qrUnavailable} {t('payMethod.useCard')}
          </p>
        )}
      </div>
      {packages.isPending && <PageSpinner />}
      {packages.isError && <p className="notice notice-error">{messageOf(packages.error, t('common.loadFailed'))}</p>}
      {packages.data && (
        <div className="package-grid">
          {packages.data.packages.map((pack) => (
            <PackageCard key={pack.id} pack={pack} buying={buyingId === pack.id} best={pack.id === best} disabled={buyingId !== null} onBuy={onBuy} />
          ))}
        </div>
      )}
      {user && <OrdersList />}
      <div className="grid grid-3 section-gap">
        {INFO.map((info) => (
          <section key={info.key} className="card info-card">
            <span className="channel-icon">
              <info.icon aria-hidden="true" />
            </span>
            <h2>{t(`topup.info.${info.key}.title`)}</h2>
            <p className="muted">{t(`topup.info.${info.key}.text`)}</p>
          </section>
        ))}
      </div>
      <section className="section-gap">
        <h2 className="section-title">{t('topup.stepsTitle')}</h2>
        <ol className="steps">
          {steps.map((step, index) => (
            <li key={step.title} className="card step">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}
