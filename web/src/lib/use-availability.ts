//! The live availability check of a username, email or phone: 500 ms after typing stops, the
//! server says whether the value is free and why (states unknown, checking, valid, invalid).
import { useEffect, useState } from 'react'
import { ApiError, api, dataOf } from './api'

export const AVAILABILITY_DEBOUNCE_MS = 500

export type AvailabilityStatus = 'unknown' | 'checking' | 'valid' | 'invalid'

export interface AvailabilityState {
  status: AvailabilityStatus
  message: string
}

interface Result extends AvailabilityState {
  value: string
}

/** The check of each field: `{[field]: value}` in, a `Verdict` out. */
const CHECKS = {
  username: (username: string) => api.POST('/api/auth/validate-username', { body: { username } }),
  email: (email: string) => api.POST('/api/auth/validate-email', { body: { email } }),
  phone: (phone: string) => api.POST('/api/auth/validate-phone', { body: { phone } }),
}

export type AvailabilityField = keyof typeof CHECKS

/** What to say when a check fails: the server's own text for a 429 (too many checks), else `fallback`. */
export function checkFailure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 429 && error.message ? error.message : fallback
}

/**
 * Checks `value` against `POST /api/auth/validate-{field}` when `enabled`. A failed call counts as
 * invalid with `failureMessage` (or, for a 429, the server's text). Answers for an older value are ignored.
 */
export function useAvailability(
  field: AvailabilityField,
  value: string,
  enabled: boolean,
  failureMessage: string,
): AvailabilityState {
  const [result, setResult] = useState<Result>({ value: '', status: 'unknown', message: '' })

  useEffect(() => {
    if (!enabled) return
    let cancelled = false
    const timer = setTimeout(() => {
      setResult({ value, status: 'checking', message: '' })
      dataOf(CHECKS[field](value))
        .then((answer) => {
          if (!cancelled) setResult({ value, status: answer.valid ? 'valid' : 'invalid', message: answer.message })
        })
        .catch((error: unknown) => {
          if (!cancelled) setResult({ value, status: 'invalid', message: checkFailure(error, failureMessage) })
        })
    }, AVAILABILITY_DEBOUNCE_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [field, value, enabled, failureMessage])

  if (!enabled || result.value !== value) return { status: 'unknown', message: '' }
  return { status: result.status, message: result.message }
}
