import { describe, expect, it } from 'vitest'
import { ApiError } from './api'
import { formLevelError } from './forms'
import { checkFailure } from './use-availability'

const tooMany = new ApiError(429, 'Too many sign-ups from this address. Try again later', 'too_many_registrations', {}, 3600)

describe('formLevelError', () => {
  it('shows a 429 without fields above the form', () => {
    expect(formLevelError(tooMany)).toBe('Too many sign-ups from this address. Try again later')
  })

  it('leaves field errors to the fields and ignores network failures and other throws', () => {
    expect(formLevelError(new ApiError(409, 'taken', 'username_taken', { username: 'taken' }))).toBeNull()
    expect(formLevelError(new ApiError(0, 'offline', 'network_error'))).toBeNull()
    expect(formLevelError(new Error('boom'))).toBeNull()
  })
})

describe('checkFailure', () => {
  it("shows the server's text for a 429 and the fallback otherwise", () => {
    const limited = new ApiError(429, 'Too many requests. Try again later', 'too_many_requests', {}, 60)
    expect(checkFailure(limited, 'Could not check')).toBe('Too many requests. Try again later')
    expect(checkFailure(new ApiError(503, 'down', 'service_unavailable'), 'Could not check')).toBe('Could not check')
    expect(checkFailure(new Error('boom'), 'Could not check')).toBe('Could not check')
  })
})
