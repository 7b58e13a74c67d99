//! An accessible in-page confirmation (Radix AlertDialog: focus starts on "cancel", Escape
//! cancels, the outside click does nothing), used where the spec asks for a browser confirm.
//!
//! ```tsx
//! const { confirm, dialog } = useConfirm()
//! if (await confirm({ title: t('admin.confirmDelete'), confirmLabel: t('common.delete'), destructive: true })) remove()
//! return <>{dialog}…</>
//! ```
import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { useCallback, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import './dialog-frame.css'

export interface ConfirmOptions {
  title: string
  description?: ReactNode
  confirmLabel: string
  /** A red confirm button, for deletions. */
  destructive?: boolean
}

interface Props extends ConfirmOptions {
  open: boolean
  onAnswer: (confirmed: boolean) => void
}

export function ConfirmDialog({ open, title, description, confirmLabel, destructive, onAnswer }: Props) {
  const { t } = useTranslation()
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onAnswer(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay overlay-top" />
        <AlertDialog.Content className="dialog dialog-confirm dialog-top" data-testid="confirm-dialog">
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          {description ? (
            <AlertDialog.Description className="dialog-description">{description}</AlertDialog.Description>
          ) : (
            <AlertDialog.Description className="sr-only">{title}</AlertDialog.Description>
          )}
          <div className="dialog-actions">
            <AlertDialog.Cancel className="btn btn-outline" data-testid="confirm-cancel">
              {t('common.cancel')}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={`btn ${destructive ? 'btn-danger' : 'btn-primary'}`}
              onClick={() => onAnswer(true)}
              data-testid="confirm-ok"
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

/** `confirm(options)` resolves to the admin's answer; render `dialog` once in the component. */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmOptions | null>(null)
  const resolver = useRef<((confirmed: boolean) => void) | null>(null)

  const confirm = useCallback((options: ConfirmOptions) => {
    resolver.current?.(false)
    setRequest(options)
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve
    })
  }, [])

  const answer = useCallback((confirmed: boolean) => {
    resolver.current?.(confirmed)
    resolver.current = null
    setRequest(null)
  }, [])

  const dialog = useMemo(
    () => (request ? <ConfirmDialog open {...request} onAnswer={answer} /> : null),
    [request, answer],
  )
  return { confirm, dialog }
}
