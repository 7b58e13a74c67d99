import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api'
import { profileErrorMessage, profilePayload, profileSchema } from './profile-schema'

const valid = { firstName: 'Айбек', lastName: 'Асанов', email: '', phone: '', dateOfBirth: '', gender: 'male' }

function fieldsOf(values: typeof valid) {
  const result = profileSchema.safeParse(values)
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
}

describe('profileSchema', () => {
  it('accepts required names and gender with optional rest empty', () => {
    expect(profileSchema.safeParse(valid).success).toBe(true)
  })

  it('requires names of at least two characters', () => {
    expect(fieldsOf({ ...valid, firstName: '', lastName: 'А' })).toEqual({
      firstName: 'validation.firstNameRequired',
      lastName: 'validation.nameMin',
    })
  })

  it('checks email, phone format, age and gender', () => {
    expect(fieldsOf({ ...valid, email: 'x@', phone: '+99655', dateOfBirth: '2015-01-01', gender: '' })).toEqual({
      email: 'validation.emailProfile',
      phone: 'validation.phoneFormat',
      dateOfBirth: 'validation.ageMinProfile',
      gender: 'validation.genderRequired',
    })
  })

  it('treats the bare +996 prefix as no phone', () => {
    expect(profileSchema.safeParse({ ...valid, phone: '+996' }).success).toBe(true)
  })

  it('sends null for empty optional fields', () => {
    expect(profilePayload({ ...valid, phone: '+996' })).toEqual({
      firstName: 'Айбек',
      lastName: 'Асанов',
      email: null,
      phone: null,
      dateOfBirth: null,
      gender: 'male',
    })
  })
})

describe('profileErrorMessage (spec section 8)', () => {
  it('shows a 400 server message as it is', () => {
    expect(profileErrorMessage(new ApiError(400, 'Телефон занят'))).toBe('Телефон занят')
  })

  it('maps other messages about +996 or email to format hints', () => {
    expect(profileErrorMessage(new ApiError(500, 'bad +996 number'))).toBe('validation.phoneFormat')
    expect(profileErrorMessage(new Error('Email broken'))).toBe('validation.emailProfile')
  })

  it('falls back to the generic text', () => {
    expect(profileErrorMessage(new ApiError(500, 'boom'))).toBe('profile.updateFailed')
    expect(profileErrorMessage('?')).toBe('profile.updateFailed')
  })
})
