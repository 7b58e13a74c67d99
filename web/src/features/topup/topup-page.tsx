import { useAtomValue, useSetAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/page-header'
import { openLoginDialogAtom } from '../../lib/dialogs'
import { formatMoney } from '../../lib/format'
import { currentUserAtom } from '../../lib/session'
import { BID_PACKAGES, paymentUrl } from './packages'
import type { BidPackage } from './packages'

const INFO = [
  { key: 'secure', icon: '🔒' },
  { key: 'instant', icon: '⚡' },
  { key: 'support', icon: '💬' },
] as const

function PackageCard({ pack, loggedIn }: { pack: BidPackage; loggedIn: boolean }) {
  const { t } = useTranslation()
  const openLogin = useSetAtom(openLoginDialogAtom)
  const som = t('common.som')
  return (
    <article className={`card package-card${pack.popular ? ' is-popular' : ''}`} data-testid={`package-${pack.id}`}>
      {pack.popular && <span className="badge badge-accent package-badge">{t('topup.popular')}</span>}
      <h2 className="package-title">{t(`topup.packages.${pack.id}.title`)}</h2>
      <p className="package-bids">
        <strong>{pack.bids}</strong> {t('topup.bids')}
      </p>
      <p className="package-price">{formatMoney(pack.price, som)}</p>
      <p className="package-original">
        <s>{formatMoney(pack.originalPrice, som)}</s>
        <span className="badge badge-success">{t('topup.save', { amount: formatMoney(pack.savings, som) })}</span>
      </p>
      <p className="muted small">{t('topup.perBid', { price: formatMoney(pack.price / pack.bids, som) })}</p>
      <p className="muted">{t(`topup.packages.${pack.id}.description`)}</p>
      {loggedIn ? (
        <a className="btn btn-primary btn-block" href={paymentUrl(pack.id)} target="_blank" rel="noopener noreferrer">
          {t('topup.buy')}
        </a>
      ) : (
        <button type="button" className="btn btn-primary btn-block" onClick={() => openLogin('login')}>
          {t('topup.buy')}
        </button>
      )}
    </article>
  )
}

export function TopupPage() {
  const { t } = useTranslation()
  const user = useAtomValue(currentUserAtom)
  const steps = t('topup.steps', { returnObjects: true }) as { title: string; text: string }[]
  return (
    <div className="container page" data-testid="topup-page">
      <PageHeader title={t('topup.title')} subtitle={t('topup.subtitle')} />
      {!user && <p className="notice">{t('bid.authRequiredText')}</p>}
      <div className="package-grid">
        {BID_PACKAGES.map((pack) => (
          <PackageCard key={pack.id} pack={pack} loggedIn={user !== null} />
        ))}
      </div>
      <div className="grid grid-3 section-gap">
        {INFO.map((info) => (
          <section key={info.key} className="card info-card">
            <span className="channel-icon" aria-hidden="true">
              {info.icon}
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
