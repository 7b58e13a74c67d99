import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api'
import { passwordErrorMessage, passwordPayload, passwordSchema } from './password-schema'

const valid = { currentPassword: 'secret1', newPassword: 'n3w-secret', confirmPassword: 'n3w-secret' }

function fieldsOf(values: typeof valid) {
  const result = passwordSchema.safeParse(values)
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
}

describe('passwordSchema', () => {
  it('accepts the current password and a new confirmed one', () => {
    expect(passwordSchema.safeParse(valid).success).toBe(true)
  })

  it('requires both passwords', () => {
    expect(fieldsOf({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'validation.passwordRequired',
      newPassword: 'validation.passwordRequired',
    })
  })

  it('applies the registration rules to the new password: 6 characters, 72 bytes', () => {
    expect(fieldsOf({ ...valid, newPassword: '12345', confirmPassword: '12345' })).toEqual({ newPassword: 'validation.passwordMin' })
    expect(passwordSchema.safeParse({ ...valid, newPassword: 'a'.repeat(72), confirmPassword: 'a'.repeat(72) }).success).toBe(true)
    // 37 two-byte letters: 37 characters but 74 bytes.
    const long = 'ж'.repeat(37)
    expect(fieldsOf({ ...valid, newPassword: long, confirmPassword: long })).toEqual({ newPassword: 'validation.passwordMax' })
  })

  it('wants the confirmation to match and the new password to differ', () => {
    expect(fieldsOf({ ...valid, confirmPassword: 'other-secret' })).toEqual({ confirmPassword: 'validation.passwordsMismatch' })
    expect(fieldsOf({ currentPassword: 'secret1', newPassword: 'secret1', confirmPassword: 'secret1' })).toEqual({
      newPassword: 'validation.passwordUnchanged',
    })
  })

  it('sends the two passwords, never the confirmation', () => {
    expect(passwordPayload(valid)).toEqual({ currentPassword: 'secret1', newPassword: 'n3w-secret' })
  })
})

describe('passwordErrorMessage', () => {
  it('shows a 400 server message as it is, else the generic text', () => {
    expect(passwordErrorMessage(new ApiError(400, 'Неверный текущий пароль', 'current_password_wrong'))).toBe('Неверный текущий пароль')
    expect(passwordErrorMessage(new ApiError(503, 'down'))).toBe('profile.passwordChangeFailed')
    expect(passwordErrorMessage('?')).toBe('profile.passwordChangeFailed')
  })
})
