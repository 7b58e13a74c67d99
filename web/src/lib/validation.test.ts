import { describe, expect, it } from 'vitest'
import { PHONE_PATTERN, ageOn, isAdult, isEmail, isPhoneBlank, maxBirthDate, normalizePhoneInput } from './validation'

/** The field's value after typing `keys` one by one at its end, starting from `start`. */
function typed(start: string, keys: string): string {
  return [...keys].reduce((value, key) => normalizePhoneInput(value + key), start)
}

describe('phone input', () => {
  it('keeps only digits and plus', () => {
    expect(normalizePhoneInput('+996 (555) 12-34-56')).toBe('+996555123456')
  })

  it('resets to +996 when the prefix is removed', () => {
    expect(normalizePhoneInput('+99')).toBe('+996')
    expect(normalizePhoneInput('+')).toBe('+996')
    expect(normalizePhoneInput('')).toBe('+996')
  })

  it('puts the prefix in front of a number without it', () => {
    expect(normalizePhoneInput('555123456')).toBe('+996555123456')
    expect(normalizePhoneInput('996555123456')).toBe('+996555123456')
    expect(normalizePhoneInput('0555 12 34 56')).toBe('+996555123456')
  })

  it('does not double the prefix when the number is typed in full after it', () => {
    expect(typed('+996', '+996555123456')).toBe('+996555123456')
    expect(typed('+996', '996555123456')).toBe('+996555123456')
    expect(typed('+996', '0555123456')).toBe('+996555123456')
    expect(typed('+996', '+99655512')).toBe('+99655512')
  })

  it('does not double the prefix when a full number is pasted after it', () => {
    expect(normalizePhoneInput('+996+996 555 123 456')).toBe('+996555123456')
    expect(normalizePhoneInput('+996996555123456')).toBe('+996555123456')
    expect(normalizePhoneInput('+9960555123456')).toBe('+996555123456')
  })

  it('is at most 13 characters', () => {
    expect(normalizePhoneInput('+9965551234567890')).toBe('+996555123456')
  })

  it('treats empty and bare prefix as blank', () => {
    expect(isPhoneBlank('')).toBe(true)
    expect(isPhoneBlank('+996')).toBe(true)
    expect(isPhoneBlank(null)).toBe(true)
    expect(isPhoneBlank('+9965')).toBe(false)
  })

  it('accepts +996 followed by exactly 9 digits', () => {
    expect(PHONE_PATTERN.test('+996555123456')).toBe(true)
    expect(PHONE_PATTERN.test('+99655512345')).toBe(false)
    expect(PHONE_PATTERN.test('996555123456')).toBe(false)
  })
})

describe('age', () => {
  const today = new Date(2026, 10, 22) // 22 November 2026

  it('counts full years', () => {
    expect(ageOn('2008-11-22', today)).toBe(18)
    expect(ageOn('2008-11-23', today)).toBe(17)
    expect(ageOn('1990-04-01', today)).toBe(36)
  })

  it('requires 18 or older', () => {
    expect(isAdult('2008-11-22', today)).toBe(true)
    expect(isAdult('2008-11-23', today)).toBe(false)
  })

  it('rejects impossible dates', () => {
    expect(ageOn('2001-02-30', today)).toBeNull()
    expect(ageOn('22.11.2000', today)).toBeNull()
    expect(isAdult('', today)).toBe(false)
  })

  it('caps the date picker at exactly 18 years ago', () => {
    expect(maxBirthDate(today)).toBe('2008-11-22')
    expect(maxBirthDate(new Date(2028, 1, 29))).toBe('2010-02-28')
  })
})

describe('isEmail', () => {
  it('accepts valid and rejects invalid addresses', () => {
    expect(isEmail('aibek@example.kg')).toBe(true)
    expect(isEmail('aibek@')).toBe(false)
    expect(isEmail('no spaces@x.kg')).toBe(false)
  })
})
