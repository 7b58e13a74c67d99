import { X } from 'lucide-react'
import * as Dialog from '@radix-ui/react-dialog'
import { useAtomValue, useSetAtom } from 'jotai'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { closeLoginDialogAtom, loginDialogAtom, setLoginTabAtom } from '../../lib/dialogs'
import { AuthTabs } from './auth-tabs'
import '../../components/dialog-frame.css'

export function LoginDialog() {
  const { t } = useTranslation()
  const { open, tab } = useAtomValue(loginDialogAtom)
  const close = useSetAtom(closeLoginDialogAtom)
  const setTab = useSetAtom(setLoginTabAtom)
  // Opened from anywhere (header, a bid button, the phone menu), not by a Radix trigger: focus goes
  // back to whatever opened it, when that is still on the page.
  const opener = useRef<HTMLElement | null>(null)
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="dialog dialog-auth"
          data-testid="login-dialog"
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
            // Start in the first field of the open tab rather than on the close button.
            const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLInputElement>('[role="tabpanel"][data-state="active"] input')
            if (field) {
              event.preventDefault()
              field.focus()
            }
          }}
          onCloseAutoFocus={(event) => {
            if (opener.current?.isConnected) {
              event.preventDefault()
              opener.current.focus()
            }
            opener.current = null
          }}
        >
          <div className="dialog-head">
            <Dialog.Title className="dialog-title">{t(tab === 'register' ? 'auth.dialogTitleRegister' : 'auth.dialogTitle')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('common.close')}>
              <X aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="dialog-description">{t('auth.dialogDescription')}</Dialog.Description>
          <AuthTabs tab={tab} onTabChange={setTab} onSuccess={close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
