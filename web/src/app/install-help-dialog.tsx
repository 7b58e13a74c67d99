//! How to install the app on an iPhone or iPad (Safari has no install dialog a site can open):
//! Share, then "Add to Home Screen", in the words iOS shows in the reader's language (Kyrgyz
//! readers get iOS's Russian words: iOS has no Kyrgyz). Loaded when first opened
//! (app/lazy-parts.tsx), from the menu's "Install the app" (install-app.tsx).
import { Share, SquarePlus } from 'lucide-react'
import { useAtomValue, useSetAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { DialogFrame } from '../components/dialog-frame'
import { closeInstallHelpAtom } from '../lib/install-app'
import { installHelpOpenAtom } from '../lib/install-prompt'
import './install-app.css'

export function InstallHelpDialog() {
  const { t } = useTranslation()
  const open = useAtomValue(installHelpOpenAtom)
  const close = useSetAtom(closeInstallHelpAtom)
  return (
    <DialogFrame open={open} onClose={close} title={t('installApp.iosTitle')} description={t('installApp.iosDescription')} testId="install-help">
      <ol className="install-steps">
        <li>
          <Share aria-hidden="true" />
          {t('installApp.iosShare')}
        </li>
        <li>
          <SquarePlus aria-hidden="true" />
          {t('installApp.iosAdd')}
        </li>
      </ol>
      <p className="muted">{t('installApp.iosMore')}</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" onClick={close} data-testid="install-help-done">
          {t('installApp.done')}
        </button>
      </div>
    </DialogFrame>
  )
}
