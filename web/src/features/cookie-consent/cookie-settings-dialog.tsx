import * as Dialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { CookiePreferences } from './consent-storage'
import '../../components/dialog-frame.css'
import './cookie-consent.css'

const OPTIONAL = ['analytics', 'functional'] as const

interface Props {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSave: (preferences: CookiePreferences) => void
}

export function CookieSettingsDialog({ open, onOpenChange, onSave }: Props) {
  const { t } = useTranslation()
  const [choice, setChoice] = useState({ analytics: false, functional: false })

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" data-testid="cookie-settings-dialog">
          <Dialog.Title className="dialog-title">{t('cookies.dialogTitle')}</Dialog.Title>
          <Dialog.Description className="dialog-description">
            {t('cookies.text')} {t('cookies.dialogText')}{' '}
            <Link to="/privacy-policy" className="cookie-policy-link" onClick={() => onOpenChange(false)}>
              {t('privacy.title')}
            </Link>
          </Dialog.Description>
          <ul className="consent-list stack-list">
            <li className="consent-item">
              <div>
                <strong>{t('cookies.categories.necessary.title')}</strong>
                <p className="muted">{t('cookies.categories.necessary.text')}</p>
              </div>
              <span className="pill">{t('cookies.alwaysOn')}</span>
            </li>
            {OPTIONAL.map((key) => (
              <li key={key} className="consent-item">
                <label htmlFor={`consent-${key}`}>
                  <strong>{t(`cookies.categories.${key}.title`)}</strong>
                  <span className="muted block">{t(`cookies.categories.${key}.text`)}</span>
                </label>
                <input
                  id={`consent-${key}`}
                  type="checkbox"
                  className="switch"
                  checked={choice[key]}
                  onChange={(event) => setChoice({ ...choice, [key]: event.target.checked })}
                />
              </li>
            ))}
          </ul>
          <div className="dialog-actions">
            <Dialog.Close className="btn btn-ghost">{t('common.cancel')}</Dialog.Close>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => onSave({ necessary: true, marketing: false, ...choice })}
              data-testid="cookie-save"
            >
              {t('cookies.save')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
