//! The phone confirmation's two forms: the number (`+996` and nine digits, as `PhoneInput` keeps
//! it) and the 6-digit code. Messages are translation keys.
import { PHONE_PATTERN } from '../../lib/validation'
import { z } from '../../lib/zod'

export const phoneSchema = z.object({
  phone: z.string().regex(PHONE_PATTERN, 'phone.invalid'),
})

export const codeSchema = z.object({
  code: z.string().trim().regex(/^\d{6}$/, 'phone.codeInvalid'),
})

export type PhoneValues = z.infer<typeof phoneSchema>
export type CodeValues = z.infer<typeof codeSchema>
