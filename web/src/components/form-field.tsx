//! A labelled input with its hint and error. Error messages are translation keys (from zod
//! schemas) or server texts, shown as they are.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export function useMessage() {
  const { t, i18n } = useTranslation()
  return (message: string | undefined) => (message && i18n.exists(message) ? t(message) : (message ?? ''))
}

interface Props {
  id: string
  label: string
  error?: string
  hint?: ReactNode
  required?: boolean
  children: ReactNode
  className?: string
}

export function FormField({ id, label, error, hint, required, children, className = '' }: Props) {
  const message = useMessage()
  return (
    <div className={`field ${error ? 'has-error' : ''} ${className}`}>
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert" data-testid={`${id}-error`}>
          {message(error)}
        </p>
      )}
    </div>
  )
}

/** `aria-describedby` / `aria-invalid` for an input inside `FormField`. */
export function describedBy(id: string, error?: string, hint?: boolean) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined }
}
