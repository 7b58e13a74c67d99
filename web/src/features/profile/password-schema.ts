//! The change-password form (docs/rules/sessions.md, "Sessions"): the rules registration has for a new
//! password, plus a matching confirmation and a new password unlike the current one. Messages are
//! translation keys.
import { z } from '../../lib/zod'
import { ApiError } from '../../lib/api'

/** As at registration: at least 6 characters, at most 72 bytes (what bcrypt reads). */
export const PASSWORD_MIN = 6
export const PASSWORD_MAX_BYTES = 72

const utf8Length = (value: string) => new TextEncoder().encode(value).length

export const passwordSchema = z
  .object({
    currentPassword: z.string().min(1, 'validation.passwordRequired'),
    newPassword: z
      .string()
      .min(1, { message: 'validation.passwordRequired', abort: true })
      .min(PASSWORD_MIN, { message: 'validation.passwordMin', abort: true })
      .refine((value) => utf8Length(value) <= PASSWORD_MAX_BYTES, 'validation.passwordMax'),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: 'validation.passwordsMismatch',
    path: ['confirmPassword'],
  })
  .refine((values) => values.newPassword !== values.currentPassword, {
    message: 'validation.passwordUnchanged',
    path: ['newPassword'],
  })

export type PasswordValues = z.infer<typeof passwordSchema>

/** The PUT /api/users/password body: never the confirmation. */
export function passwordPayload({ currentPassword, newPassword }: PasswordValues) {
  return { currentPassword, newPassword }
}

/** The toast text of a failed change: the server's text for a 400, else the generic key. */
export function passwordErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 400 && error.message) return error.message
  return 'profile.passwordChangeFailed'
}
