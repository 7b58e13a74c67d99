//! Login and registration rules (spec section 5). Messages are translation keys.
import { z } from '../../lib/zod'

export const USERNAME_MIN = 3
export const USERNAME_MAX = 32
export const PASSWORD_MIN = 6

export const loginSchema = z.object({
  username: z.string().trim().min(1, { message: 'validation.usernameRequired', abort: true }).min(USERNAME_MIN, 'validation.usernameMin'),
  password: z.string().min(1, { message: 'validation.passwordRequired', abort: true }).min(PASSWORD_MIN, 'validation.passwordMin'),
})

export type LoginValues = z.infer<typeof loginSchema>

export const registerSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, { message: 'validation.usernameRequired', abort: true })
      .min(USERNAME_MIN, { message: 'validation.usernameMin', abort: true })
      .max(USERNAME_MAX, 'validation.usernameMax')
      .regex(/^[\p{L}\p{N}_.-]+$/u, 'validation.usernameChars'),
    email: z.string().trim().min(1, { message: 'validation.emailRequired', abort: true }).pipe(z.email('validation.emailInvalid')),
    password: z.string().min(1, { message: 'validation.passwordRequired', abort: true }).min(PASSWORD_MIN, 'validation.passwordMin'),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'validation.passwordsMismatch',
    path: ['confirmPassword'],
  })

export type RegisterValues = z.infer<typeof registerSchema>

/** What registration sends: never the confirmation. */
export function registrationPayload({ username, email, password }: RegisterValues) {
  return { username, email, password }
}
