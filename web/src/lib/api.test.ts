import { describe, expect, it } from 'vitest'
import { ApiError, errorFromBody, messageOf } from './api'

describe('errorFromBody (spec section 8)', () => {
  it('takes the JSON error field, its code and fields', () => {
    const error = errorFromBody(400, 'Bad Request', JSON.stringify({ error: 'Неверные данные', code: 'validation', fields: { email: 'Занят' } }))
    expect(error).toBeInstanceOf(ApiError)
    expect(error.message).toBe('Неверные данные')
    expect(error.status).toBe(400)
    expect(error.code).toBe('validation')
    expect(error.fields).toEqual({ email: 'Занят' })
  })

  it('falls back to the stringified JSON', () => {
    expect(errorFromBody(500, 'Server Error', '{"detail":"x"}').message).toBe('{"detail":"x"}')
  })

  it('falls back to the plain text', () => {
    expect(errorFromBody(502, 'Bad Gateway', 'upstream down\n').message).toBe('upstream down')
  })

  it('falls back to the status text', () => {
    expect(errorFromBody(503, 'Service Unavailable', '').message).toBe('Service Unavailable')
    expect(errorFromBody(503, '', '').message).toBe('HTTP 503')
  })

  it('ignores non-string field messages', () => {
    expect(errorFromBody(400, '', JSON.stringify({ error: 'x', fields: { a: 1, b: 'ok' } })).fields).toEqual({ b: 'ok' })
  })
})

describe('messageOf', () => {
  it('prefers the error message, else the fallback', () => {
    expect(messageOf(new ApiError(401, 'Нет'), 'fallback')).toBe('Нет')
    expect(messageOf('boom', 'fallback')).toBe('fallback')
  })
})
