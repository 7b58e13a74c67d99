//! The two ways to pay a live QR link. On a desktop: its QR code, large, with how to scan it. On a
//! phone, where nobody can scan their own screen: one large button per bank app (a plain link to
//! that bank's ELQR address, so the phone opens the app with the payment filled in; the universal
//! router last, as "another bank app"), "waiting for your bank" once one is tapped (the buttons stay
//! for trying another app), and the QR code behind a toggle, to pay from a second phone.
import { Landmark, QrCode as QrIcon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { QrView } from '../../lib/api-types'
import { QrCode } from './qr-code'
import { ROUTER_BANK, orderedBanks } from './qr-links'

interface Props {
  qr: QrView
  orderId: number
}

export function DesktopPay({ qr, orderId }: Props) {
  const { t } = useTranslation()
  const steps = t('qrPay.scanSteps', { returnObjects: true }) as string[]
  return (
    <div className="qr-desktop" data-testid="qr-desktop">
      <QrCode text={qr.link} label={t('qrPay.qrLabel', { id: orderId })} />
      <div className="qr-howto">
        <h2 className="qr-howto-title">{t('qrPay.scanTitle')}</h2>
        <ol className="qr-howto-steps">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="muted small">{t('qrPay.anyBank')}</p>
      </div>
    </div>
  )
}

export function PhonePay({ qr, orderId }: Props) {
  const { t } = useTranslation()
  const [tapped, setTapped] = useState<string | null>(null)
  const [showQr, setShowQr] = useState(false)
  const codeId = `qr-code-${orderId}`
  return (
    <div className="qr-phone" data-testid="qr-phone">
      <h2 className="qr-howto-title">{t('qrPay.chooseBank')}</h2>
      {tapped && (
        <p className="notice qr-waiting" role="status" data-testid="qr-waiting">
          {t('qrPay.waiting')}
        </p>
      )}
      <ul className="bank-list">
        {orderedBanks(qr.banks).map((bank) => (
          <li key={bank.id}>
            <a
              className={`btn bank-button${tapped === bank.id ? ' is-tapped' : ''}`}
              href={bank.link}
              onClick={() => setTapped(bank.id)}
              data-testid={`bank-${bank.id}`}
            >
              <Landmark aria-hidden="true" />
              {bank.id === ROUTER_BANK ? t('qrPay.otherBank') : bank.name}
            </a>
          </li>
        ))}
      </ul>
      <p className="muted small">{t('qrPay.bankHint')}</p>
      <button
        type="button"
        className="btn btn-outline btn-block"
        aria-expanded={showQr}
        aria-controls={showQr ? codeId : undefined}
        onClick={() => setShowQr((shown) => !shown)}
        data-testid="qr-toggle"
      >
        <QrIcon aria-hidden="true" /> {showQr ? t('qrPay.hideQr') : t('qrPay.showQr')}
      </button>
      {showQr && (
        <div className="qr-phone-code">
          <QrCode text={qr.link} label={t('qrPay.qrLabel', { id: orderId })} id={codeId} />
          <p className="muted small">{t('qrPay.secondPhone')}</p>
        </div>
      )}
    </div>
  )
}
