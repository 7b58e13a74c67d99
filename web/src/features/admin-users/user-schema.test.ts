import { describe, expect, it } from 'vitest'
import type { User } from '../../lib/api-types'
import { balanceDelta, parseBalance, toUserValues, userPayload, userSchema } from './user-schema'

const user: User = {
  id: 7,
  username: 'aibek',
  firstName: 'Айбек',
  lastName: null,
  email: 'aibek@example.kg',
  phone: null,
  dateOfBirth: null,
  gender: null,
  bidBalance: 12,
  role: 'user',
  ipAddress: '10.0.0.1',
  totalBids: 3,
  wonAuctions: 0,
  totalSpent: 0.03,
  createdAt: '2026-01-01T00:00:00Z',
  phoneVerified: true,
  phoneConfirmed: true,
}

describe('user edit form', () => {
  it('reads the balance as an integer, 0 by default', () => {
    expect(parseBalance('25')).toBe(25)
    expect(parseBalance(' 25.9 ')).toBe(25)
    expect(parseBalance('12abc')).toBe(12)
    expect(parseBalance('')).toBe(0)
    expect(parseBalance('abc')).toBe(0)
  })

  it('starts from the user and sends every field', () => {
    const values = toUserValues(user)
    expect(values).toEqual({ username: 'aibek', firstName: 'Айбек', lastName: '', email: 'aibek@example.kg', phone: '', bidBalance: '12', role: 'user' })
    expect(userPayload({ ...values, bidBalance: '40', role: 'admin' })).toEqual({
      username: 'aibek',
      firstName: 'Айбек',
      lastName: '',
      email: 'aibek@example.kg',
      phone: '',
      bidBalance: 40,
      role: 'admin',
    })
  })

  it('refuses a short username, a bad email and a negative balance', () => {
    const values = toUserValues(user)
    const issues = (patch: Partial<typeof values>) =>
      userSchema.safeParse({ ...values, ...patch }).error?.issues.map((issue) => [issue.path[0], issue.message]) ?? []
    expect(issues({})).toEqual([])
    expect(issues({ username: 'ab' })).toEqual([['username', 'validation.usernameMin']])
    expect(issues({ email: 'nope' })).toEqual([['email', 'validation.emailInvalid']])
    expect(issues({ bidBalance: '-3' })).toEqual([['bidBalance', 'validation.balanceInvalid']])
    expect(issues({ bidBalance: 'abc' })).toEqual([])
  })

  it('tells the balance change that goes to the ledger', () => {
    expect(balanceDelta(user, '20')).toBe(8)
    expect(balanceDelta(user, '2')).toBe(-10)
    expect(balanceDelta(user, '')).toBe(-12)
  })
})
