//! The complete-profile modal's checks, in the order of spec section 5: only the first failing
//! check is reported.
import { z } from '../../lib/zod'
import { isAdult, isPhoneBlank } from '../../lib/validation'

export interface CompleteProfileValues {
  firstName: string
  lastName: string
  phone: string
  dateOfBirth: string
  gender: string
}

type Field = keyof CompleteProfileValues

export function firstCompleteProfileError(values: CompleteProfileValues, today: Date = new Date()): { field: Field; message: string } | null {
  if (!values.firstName.trim()) return { field: 'firstName', message: 'validation.firstNameRequired' }
  if (!values.lastName.trim()) return { field: 'lastName', message: 'validation.lastNameRequired' }
  if (isPhoneBlank(values.phone)) return { field: 'phone', message: 'validation.phoneRequired' }
  if (!values.dateOfBirth) return { field: 'dateOfBirth', message: 'validation.dateOfBirthRequired' }
  if (!values.gender) return { field: 'gender', message: 'validation.genderRequired' }
  if (!isAdult(values.dateOfBirth, today)) return { field: 'dateOfBirth', message: 'validation.ageMin' }
  return null
}

export const completeProfileSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    dateOfBirth: z.string(),
    gender: z.string(),
  })
  .superRefine((values, ctx) => {
    const failure = firstCompleteProfileError(values)
    if (failure) ctx.addIssue({ code: 'custom', path: [failure.field], message: failure.message })
  })
