//! Glue between the API error contract and react-hook-form.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './api'

/**
 * Puts the server's `fields` messages under the matching inputs. Returns true when at least one
 * field of the form received a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false
  let applied = false
  for (const [field, message] of Object.entries(error.fields)) {
    if ((known as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied })
      applied = true
    }
  }
  return applied
}

/**
 * The message to show above a form for a server error no field carries (e.g. 429 "too many
 * sign-ups from this address"), or `null` when the error is shown under the fields or is not from
 * the server.
 */
export function formLevelError(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0) return null
  if (Object.keys(error.fields).length > 0) return null
  return error.message
}
