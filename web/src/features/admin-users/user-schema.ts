//! The admin's user edit form (spec section 5): the balance is read as a whole number, 0 when
//! empty or unreadable; blank names, email or phone clear them. The server checks the rest
//! (username rules, uniqueness, the phone format) and its messages land under the fields.
import { z } from '../../lib/zod'
import type { Role, User, UserPatch } from '../../lib/api-types'
import { optionalEmail } from '../../lib/validation'

export const MAX_BALANCE = 1_000_000

/** `parseInt` as the spec reads the balance field: `'12abc'` → 12, `''` or `'abc'` → 0. */
export function parseBalance(raw: string): number {
  const value = Number.parseInt(raw.trim(), 10)
  return Number.isNaN(value) ? 0 : value
}

export const userSchema = z.object({
  username: z.string().trim().min(3, 'validation.usernameMin').max(32, 'validation.usernameMax'),
  firstName: z.string().trim().max(64, 'validation.textTooLong'),
  lastName: z.string().trim().max(64, 'validation.textTooLong'),
  email: optionalEmail('validation.emailInvalid'),
  phone: z.string().trim(),
  bidBalance: z.string().refine((value) => {
    const balance = parseBalance(value)
    return balance >= 0 && balance <= MAX_BALANCE
  }, 'validation.balanceInvalid'),
  role: z.enum(['user', 'admin'] satisfies Role[]),
})

export type UserValues = z.infer<typeof userSchema>

export const USER_FIELDS = ['username', 'firstName', 'lastName', 'email', 'phone', 'bidBalance', 'role'] as const satisfies readonly (keyof UserValues)[]

export function toUserValues(user: User): UserValues {
  return {
    username: user.username,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    bidBalance: String(user.bidBalance),
    role: user.role,
  }
}

/** The PATCH body: every field (a blank text clears it), the balance as an integer. */
export function userPayload(values: UserValues): UserPatch {
  return {
    username: values.username.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    bidBalance: parseBalance(values.bidBalance),
    role: values.role,
  }
}

/** The balance change the note under the field describes (new − old). */
export function balanceDelta(user: Pick<User, 'bidBalance'>, raw: string): number {
  return parseBalance(raw) - user.bidBalance
}
