//! The ✓ / ✗ line under a field whose value the server checks live.
import { useTranslation } from 'react-i18next'
import type { AvailabilityState } from '../lib/use-availability'

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
      <span aria-hidden="true">{valid ? '✓' : '✗'}</span> {state.message}
    </p>
  )
}
