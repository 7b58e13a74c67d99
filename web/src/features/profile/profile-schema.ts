//! The profile edit form (spec section 5) and what it sends.
import { z } from '../../lib/zod'
import { ApiError } from '../../lib/api'
import { PHONE_PATTERN, isAdult, isPhoneBlank, optionalEmail } from '../../lib/validation'

const name = (requiredKey: string) => z.string().trim().min(1, { message: requiredKey, abort: true }).min(2, 'validation.nameMin')

export const profileSchema = z.object({
  firstName: name('validation.firstNameRequired'),
  lastName: name('validation.lastNameRequired'),
  email: optionalEmail('validation.emailProfile'),
  phone: z
    .string()
    .trim()
    .refine((value) => isPhoneBlank(value) || PHONE_PATTERN.test(value), 'validation.phoneFormat'),
  dateOfBirth: z.string().refine((value) => value === '' || isAdult(value), 'validation.ageMinProfile'),
  gender: z.string().min(1, 'validation.genderRequired'),
})

export type ProfileValues = z.infer<typeof profileSchema>

/** The PUT /api/users/profile body: empty optional fields become null. */
export function profilePayload(values: ProfileValues) {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim() || null,
    phone: isPhoneBlank(values.phone) ? null : values.phone.trim(),
    dateOfBirth: values.dateOfBirth || null,
    gender: values.gender,
  }
}

/**
 * The text of a failed profile update (spec section 8): a 400's server text; else a hint about
 * the phone or email format when the message mentions one; else the generic text (a key).
 */
export function profileErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : ''
  if (error instanceof ApiError && error.status === 400 && message) return message
  if (message.includes('+996')) return 'validation.phoneFormat'
  if (message.toLowerCase().includes('email')) return 'validation.emailProfile'
  return 'profile.updateFailed'
}
