//! Renders the toast atom with Radix Toast (one at a time; F8 focuses the viewport).
import * as Toast from '@radix-ui/react-toast'
import { useAtomValue, useSetAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { dismissToastAtom, toastsAtom } from '../lib/toast'

export function Toaster() {
  const { t } = useTranslation()
  const toasts = useAtomValue(toastsAtom)
  const dismiss = useSetAtom(dismissToastAtom)
  return (
    <>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id)
          }}
          className={`toast toast-${item.variant ?? 'default'}`}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          data-testid="toast"
        >
          <div className="toast-body">
            <Toast.Title className="toast-title">{item.title}</Toast.Title>
            {item.description && <Toast.Description className="toast-description">{item.description}</Toast.Description>}
          </div>
          <Toast.Close className="toast-close" aria-label={t('toast.close')}>
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" hotkey={['F8']} label={t('toast.region')} />
    </>
  )
}
