//! Rules shared by the registration, profile and complete-profile forms (spec section 5). Zod
//! messages are translation keys; forms show them through `t()`.
import { z } from './zod'

export const PHONE_PREFIX = '+996'
export const PHONE_MAX_LENGTH = 13
export const PHONE_PATTERN = /^\+996\d{9}$/
export const MIN_AGE = 18

const COUNTRY_CODE = PHONE_PREFIX.slice(1)
const NATIONAL_LENGTH = PHONE_MAX_LENGTH - PHONE_PREFIX.length

/** The 9 national digits of what was typed after the prefix: a repeated country code or the
 * trunk `0` (`0555…`) in front of a number that is too long for a national one is dropped. */
function nationalDigits(digits: string): string {
  if (digits.length > NATIONAL_LENGTH && digits.startsWith(COUNTRY_CODE)) return digits.slice(COUNTRY_CODE.length, COUNTRY_CODE.length + NATIONAL_LENGTH)
  if (digits.length > NATIONAL_LENGTH && digits.startsWith('0')) return digits.slice(1, 1 + NATIONAL_LENGTH)
  return digits.slice(0, NATIONAL_LENGTH)
}

/**
 * What the phone input keeps: the `+996` prefix, then at most 9 digits. A number typed or pasted
 * in full (`+996…`, `996…`, `0…`), also after the prefix already in the field, keeps one prefix;
 * while a `+` typed after the prefix is followed by the start of `996`, the field shows it as typed.
 */
export function normalizePhoneInput(raw: string): string {
  const kept = raw.replace(/[^\d+]/g, '')
  if (PHONE_PREFIX.startsWith(kept)) return PHONE_PREFIX
  const rest = kept.startsWith(PHONE_PREFIX) ? kept.slice(PHONE_PREFIX.length) : kept
  const plus = rest.lastIndexOf('+')
  if (plus < 0) return PHONE_PREFIX + nationalDigits(rest)
  const international = rest.slice(plus + 1).replace(/\D/g, '')
  if (COUNTRY_CODE.startsWith(international)) return `${PHONE_PREFIX}+${international}`
  const national = international.startsWith(COUNTRY_CODE) ? international.slice(COUNTRY_CODE.length) : international
  return PHONE_PREFIX + national.slice(0, NATIONAL_LENGTH)
}

/** Empty or just the prefix: nothing entered. */
export function isPhoneBlank(phone: string | null | undefined): boolean {
  const value = (phone ?? '').trim()
  return value === '' || value === PHONE_PREFIX
}

function parseYmd(ymd: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd)
  if (!match) return null
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const check = new Date(Date.UTC(y, m - 1, d))
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null
  return { y, m, d }
}

/** Full years between a `YYYY-MM-DD` birth date and `today`; `null` for an invalid date. */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number | null {
  const birth = parseYmd(dateOfBirth)
  if (!birth) return null
  const [y, m, d] = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
  let age = y - birth.y
  if (m < birth.m || (m === birth.m && d < birth.d)) age -= 1
  return age
}

export function isAdult(dateOfBirth: string, today: Date = new Date()): boolean {
  const age = ageOn(dateOfBirth, today)
  return age !== null && age >= MIN_AGE
}

const pad = (value: number) => String(value).padStart(2, '0')

/** The latest birth date allowed (exactly 18 years ago), as `YYYY-MM-DD` for the date input. */
export function maxBirthDate(today: Date = new Date()): string {
  const year = today.getFullYear() - MIN_AGE
  const month = today.getMonth()
  // 29 February of a leap year maps to 28 February in a common year.
  const day = Math.min(today.getDate(), new Date(year, month + 1, 0).getDate())
  return `${year}-${pad(month + 1)}-${pad(day)}`
}

export const GENDERS = ['male', 'female', 'other'] as const

/** An email or nothing. */
export const optionalEmail = (message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || isEmail(value), { message })

const emailSchema = z.email()

export function isEmail(value: string): boolean {
  return emailSchema.safeParse(value).success
}
