//! Greets a new user: the free-bids gift and three tips. The gift icon pings for 3 seconds. While
//! the account must still confirm a phone, the gift comes with that step and the way to it.
import { Gift, Hourglass, Wallet, Zap } from 'lucide-react'
import * as Dialog from '@radix-ui/react-dialog'
import type { LucideIcon } from 'lucide-react'
import { createElement, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAtomValue } from 'jotai'
import { useNavigate } from 'react-router'
import { needsPhoneAtom } from '../../lib/session'
import '../../components/dialog-frame.css'
import './welcome-modal.css'

export const PING_DURATION_MS = 3000

interface Tip {
  title: string
  text: string
}

const TIP_ICONS: LucideIcon[] = [Hourglass, Zap, Wallet]

function PingingGift() {
  const [pinging, setPinging] = useState(true)
  useEffect(() => {
    const timer = setTimeout(() => setPinging(false), PING_DURATION_MS)
    return () => clearTimeout(timer)
  }, [])
  return (
    <div className="welcome-gift-icon" aria-hidden="true">
      {pinging && <span className="ping" data-testid="welcome-ping" />}
      <Gift className="welcome-gift-emoji" />
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
  const needsPhone = useAtomValue(needsPhoneAtom)
  const navigate = useNavigate()
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
            <p>{needsPhone ? t('welcome.giftTextPhone') : t('welcome.giftText')}</p>
          </div>
          <h3 className="welcome-tips-title">{t('welcome.tipsTitle')}</h3>
          <ul className="welcome-tips stack-list">
            {tips.map((tip, index) => (
              <li key={tip.title}>
                <span className="welcome-tip-icon">
                  {createElement(TIP_ICONS[index % TIP_ICONS.length], { 'aria-hidden': true })}
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
            {needsPhone ? (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  onClose()
                  void navigate('/verify-phone')
                }}
                data-testid="welcome-confirm-phone"
              >
                {t('welcome.confirmPhone')}
              </button>
            ) : (
              <button type="button" className="btn btn-primary" onClick={onClose} data-testid="welcome-start">
                {t('welcome.start')}
              </button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
