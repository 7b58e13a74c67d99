//! The tick / cross line under a field whose value the server checks live.
import { Check, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { AvailabilityState } from '../lib/use-availability'
import './availability-note.css'

export function AvailabilityNote({ state, testId }: { state: AvailabilityState; testId: string }) {
  const { t } = useTranslation()
  if (state.status === 'unknown') return null
  if (state.status === 'checking') {
    return (
      <p className="availability is-checking" data-testid={testId} aria-live="polite">
        {t('auth.checking')}
      </p>
    )
  }
  const valid = state.status === 'valid'
  return (
    <p className={`availability ${valid ? 'is-valid' : 'is-invalid'}`} data-testid={testId} aria-live="polite" data-status={state.status}>
      {valid ? <Check aria-hidden="true" /> : <X aria-hidden="true" />} {state.message}
    </p>
  )
}
