import * as Dialog from '@radix-ui/react-dialog'
import { useAtomValue, useSetAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { closeLoginDialogAtom, loginDialogAtom, setLoginTabAtom } from '../../lib/dialogs'
import { AuthTabs } from './auth-tabs'

export function LoginDialog() {
  const { t } = useTranslation()
  const { open, tab } = useAtomValue(loginDialogAtom)
  const close = useSetAtom(closeLoginDialogAtom)
  const setTab = useSetAtom(setLoginTabAtom)
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="dialog dialog-auth"
          data-testid="login-dialog"
          onOpenAutoFocus={(event) => {
            // Start in the first field of the open tab rather than on the close button.
            const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLInputElement>('[role="tabpanel"][data-state="active"] input')
            if (field) {
              event.preventDefault()
              field.focus()
            }
          }}
        >
          <div className="dialog-head">
            <Dialog.Title className="dialog-title">{t('auth.dialogTitle')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('common.close')}>
              ×
            </Dialog.Close>
          </div>
          <Dialog.Description className="dialog-description">{t('auth.dialogDescription')}</Dialog.Description>
          <AuthTabs tab={tab} onTabChange={setTab} onSuccess={close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
