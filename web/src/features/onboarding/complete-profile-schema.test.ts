import { describe, expect, it } from 'vitest'
import { completeProfileSchema, firstCompleteProfileError } from './complete-profile-schema'

const today = new Date(2026, 10, 22)
const full = { firstName: 'Айбек', lastName: 'Асанов', phone: '+996555123456', dateOfBirth: '1990-04-01', gender: 'male' }

describe('complete-profile checks (spec section 5 order)', () => {
  it('reports the first failing check only, in order', () => {
    const empty = { firstName: '', lastName: '', phone: '+996', dateOfBirth: '', gender: '' }
    expect(firstCompleteProfileError(empty, today)?.message).toBe('validation.firstNameRequired')
    expect(firstCompleteProfileError({ ...empty, firstName: 'А' }, today)?.message).toBe('validation.lastNameRequired')
    expect(firstCompleteProfileError({ ...full, phone: '+996' }, today)?.message).toBe('validation.phoneRequired')
    expect(firstCompleteProfileError({ ...full, phone: '' }, today)?.message).toBe('validation.phoneRequired')
    expect(firstCompleteProfileError({ ...full, dateOfBirth: '' }, today)?.message).toBe('validation.dateOfBirthRequired')
    expect(firstCompleteProfileError({ ...full, gender: '' }, today)?.message).toBe('validation.genderRequired')
    expect(firstCompleteProfileError({ ...full, dateOfBirth: '2010-01-01' }, today)).toEqual({
      field: 'dateOfBirth',
      message: 'validation.ageMin',
    })
  })

  it('checks the gender before the age', () => {
    expect(firstCompleteProfileError({ ...full, dateOfBirth: '2010-01-01', gender: '' }, today)?.message).toBe('validation.genderRequired')
  })

  it('treats whitespace-only names as missing', () => {
    expect(firstCompleteProfileError({ ...full, firstName: '   ' }, today)?.field).toBe('firstName')
  })

  it('passes a complete adult profile', () => {
    expect(firstCompleteProfileError(full, today)).toBeNull()
    expect(completeProfileSchema.safeParse(full).success).toBe(true)
  })

  it('puts the single issue on the failing field', () => {
    const result = completeProfileSchema.safeParse({ ...full, lastName: '' })
    expect(result.error?.issues).toHaveLength(1)
    expect(result.error?.issues[0]).toMatchObject({ path: ['lastName'], message: 'validation.lastNameRequired' })
  })
})
