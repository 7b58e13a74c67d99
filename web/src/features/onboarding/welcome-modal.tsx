//! Greets a new user: the free-bids gift and three tips. The gift icon pings for 3 seconds.
import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

export const PING_DURATION_MS = 3000

interface Tip {
  title: string
  text: string
}

const TIP_ICONS = ['⏳', '⚡', '💰']

function PingingGift() {
  const [pinging, setPinging] = useState(true)
  useEffect(() => {
    const timer = setTimeout(() => setPinging(false), PING_DURATION_MS)
    return () => clearTimeout(timer)
  }, [])
  return (
    <div className="welcome-gift-icon" aria-hidden="true">
      {pinging && <span className="ping" data-testid="welcome-ping" />}
      <span className="welcome-gift-emoji">🎁</span>
    </div>
  )
}

interface Props {
  open: boolean
  username: string
  onClose: () => void
}

export function WelcomeModal({ open, username, onClose }: Props) {
  const { t } = useTranslation()
  const tips = t('welcome.tips', { returnObjects: true }) as Tip[]
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog dialog-welcome" data-testid="welcome-modal">
          <PingingGift />
          <Dialog.Title className="dialog-title center" data-testid="welcome-title">
            {t('welcome.title', { username })}
          </Dialog.Title>
          <Dialog.Description className="dialog-description center">{t('welcome.subtitle')}</Dialog.Description>
          <div className="welcome-gift">
            <strong>{t('welcome.giftTitle')}</strong>
            <p>{t('welcome.giftText')}</p>
          </div>
          <h3 className="welcome-tips-title">{t('welcome.tipsTitle')}</h3>
          <ul className="welcome-tips">
            {tips.map((tip, index) => (
              <li key={tip.title}>
                <span className="welcome-tip-icon" aria-hidden="true">
                  {TIP_ICONS[index]}
                </span>
                <div>
                  <strong>{tip.title}</strong>
                  <p>{tip.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose} data-testid="welcome-close">
              {t('welcome.later')}
            </button>
            <button type="button" className="btn btn-primary" onClick={onClose} data-testid="welcome-start">
              {t('welcome.start')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
