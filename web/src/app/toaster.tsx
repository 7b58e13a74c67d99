//! Renders the toast atom with Radix Toast (one at a time; F8 focuses the viewport). Loaded with
//! the first toast (`LazyToaster`), so Radix Toast is not part of the first page load.
import { X } from 'lucide-react'
import * as Toast from '@radix-ui/react-toast'
import { useAtomValue, useSetAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, dismissToastAtom, toastsAtom } from '../lib/toast'
import './toaster.css'

export function Toaster() {
  const { t } = useTranslation()
  const toasts = useAtomValue(toastsAtom)
  const dismiss = useSetAtom(dismissToastAtom)
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
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
            <X aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" hotkey={['F8']} label={t('toast.region')} />
    </Toast.Provider>
  )
}
