import { describe, expect, it } from 'vitest'
import { loginSchema, registerSchema, registrationPayload } from './auth-schemas'

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
}

describe('loginSchema', () => {
  it('asks for login and password when empty', () => {
    expect(messages(loginSchema.safeParse({ username: '', password: '' }))).toEqual({
      username: 'validation.usernameRequired',
      password: 'validation.passwordRequired',
    })
  })

  it('uses the min-3 / min-6 reading', () => {
    expect(messages(loginSchema.safeParse({ username: 'ab', password: '12345' }))).toEqual({
      username: 'validation.usernameMin',
      password: 'validation.passwordMin',
    })
  })

  it('accepts valid credentials', () => {
    expect(loginSchema.safeParse({ username: 'aibek', password: 'secret1' }).success).toBe(true)
  })
})

describe('registerSchema', () => {
  const valid = { username: 'aibek', email: 'aibek@example.kg', password: 'secret1', confirmPassword: 'secret1' }

  it('accepts a valid registration', () => {
    expect(registerSchema.safeParse(valid).success).toBe(true)
  })

  it('checks each field with its message', () => {
    const result = registerSchema.safeParse({ username: 'ab', email: 'nope', password: '123', confirmPassword: '123' })
    expect(messages(result)).toMatchObject({
      username: 'validation.usernameMin',
      email: 'validation.emailInvalid',
      password: 'validation.passwordMin',
    })
  })

  it('requires matching passwords', () => {
    expect(messages(registerSchema.safeParse({ ...valid, confirmPassword: 'other' }))).toEqual({
      confirmPassword: 'validation.passwordsMismatch',
    })
  })

  it('allows Cyrillic usernames but not spaces', () => {
    expect(registerSchema.safeParse({ ...valid, username: 'Айбек_01' }).success).toBe(true)
    expect(messages(registerSchema.safeParse({ ...valid, username: 'ai bek' }))).toEqual({ username: 'validation.usernameChars' })
  })

  it('sends username, email and password only', () => {
    expect(registrationPayload(valid)).toEqual({ username: 'aibek', email: 'aibek@example.kg', password: 'secret1' })
  })
})
