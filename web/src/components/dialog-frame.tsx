//! A modal dialog with a head (its title and a × close button) and a description line, then the
//! caller's content. Escape, the outside click and the × all call `onClose`; a `Dialog.Close`
//! inside the content does too.
import { X } from 'lucide-react'
import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import './dialog-frame.css'

interface Props {
  open: boolean
  onClose: () => void
  title: ReactNode
  description: ReactNode
  /** The content's `data-testid`. */
  testId: string
  /** A wider dialog (`dialog-wide`), for tables and long forms. */
  wide?: boolean
  children?: ReactNode
}

export function DialogFrame({ open, onClose, title, description, testId, wide, children }: Props) {
  const { t } = useTranslation()
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className={wide ? 'dialog dialog-wide' : 'dialog'} data-testid={testId}>
          <div className="dialog-head">
            <Dialog.Title className="dialog-title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('common.close')} data-testid="dialog-close">
              <X aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="dialog-description">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
