import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, api, dataOf, errorFromBody, messageOf, parseRetryAfter } from './api'
import type { AuctionLists, UserStats } from './api-types'

function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })
}

describe('errorFromBody (spec section 8)', () => {
  it('takes the JSON error field, its code and fields', () => {
    const error = errorFromBody(400, 'Bad Request', { error: 'Неверные данные', code: 'validation', fields: { email: 'Занят' } })
    expect(error).toBeInstanceOf(ApiError)
    expect(error.message).toBe('Неверные данные')
    expect(error.status).toBe(400)
    expect(error.code).toBe('validation')
    expect(error.fields).toEqual({ email: 'Занят' })
    expect(error.retryAfter).toBeNull()
  })

  it('falls back to the stringified JSON', () => {
    expect(errorFromBody(500, 'Server Error', { detail: 'x' }).message).toBe('{"detail":"x"}')
  })

  it('falls back to the plain text', () => {
    expect(errorFromBody(502, 'Bad Gateway', 'upstream down\n').message).toBe('upstream down')
  })

  it('falls back to the status text', () => {
    expect(errorFromBody(503, 'Service Unavailable', '').message).toBe('Service Unavailable')
    expect(errorFromBody(503, 'Service Unavailable', undefined).message).toBe('Service Unavailable')
    expect(errorFromBody(503, '', '').message).toBe('HTTP 503')
  })

  it('ignores non-string field messages and a null fields', () => {
    expect(errorFromBody(400, '', { error: 'x', fields: { a: 1, b: 'ok' } }).fields).toEqual({ b: 'ok' })
    expect(errorFromBody(400, '', { error: 'x', code: 'validation', fields: null }).fields).toEqual({})
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z')
    expect(parseRetryAfter('3')).toBe(3)
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5)
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter(null)).toBeNull()
    expect(parseRetryAfter('soon')).toBeNull()
  })
})

describe('the typed client', () => {
  const fetchMock = vi.fn<typeof fetch>()
  const sent = (call = 0) => fetchMock.mock.calls[call][0] as Request

  beforeEach(() => {
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
  })

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('returns the data of a 2xx answer', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ activeBids: 2, activePrebids: 1, wonAuctions: 0, totalSpent: 0.03 }))
    const stats = await dataOf(api.GET('/api/users/stats'))
    expect(stats.activeBids).toBe(2)
    const request = sent()
    expect(request.method).toBe('GET')
    expect(new URL(request.url).pathname).toBe('/api/users/stats')
    expect(request.credentials).toBe('include')
    expect(request.headers.get('Accept')).toBe('application/json')
    expect(request.headers.get('Content-Type')).toBeNull()
  })

  it('fills path parameters (encoded) and sends JSON bodies', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ valid: true, message: 'Свободно', code: 'username_available' }))
    await dataOf(api.GET('/api/auctions/slug/{slug}', { params: { path: { slug: 'a b/c' } } }))
    expect(new URL(sent(0).url).pathname).toBe('/api/auctions/slug/a%20b%2Fc')

    const verdict = await dataOf(api.POST('/api/auth/validate-username', { body: { username: 'aibek' } }))
    expect(verdict.valid).toBe(true)
    const request = sent(1)
    expect(request.method).toBe('POST')
    expect(new URL(request.url).pathname).toBe('/api/auth/validate-username')
    expect(request.headers.get('Content-Type')).toBe('application/json')
    expect(await request.json()).toEqual({ username: 'aibek' })
  })

  it('turns a non-2xx answer into an ApiError with status, code and fields', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ error: 'Проверьте поля', code: 'validation', fields: { email: 'Занят' } }, 400))
    const error = await dataOf(api.PUT('/api/users/profile', { body: { email: 'x@example.kg' } })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, message: 'Проверьте поля', code: 'validation', fields: { email: 'Занят' } })
  })

  it('keeps Retry-After of a 429', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ error: 'Слишком быстро', code: 'too_fast' }, 429, { 'Retry-After': '2' }))
    const error = await dataOf(api.POST('/api/auctions/{id}/bid', { params: { path: { id: 12 } } })).catch((e: unknown) => e)
    expect(new URL(sent().url).pathname).toBe('/api/auctions/12/bid')
    expect(error).toMatchObject({ status: 429, code: 'too_fast', message: 'Слишком быстро', retryAfter: 2 })
  })

  it('reads a non-JSON failure as text', async () => {
    fetchMock.mockImplementation(async () => new Response('Bad Gateway from proxy', { status: 502, statusText: 'Bad Gateway' }))
    const error = await dataOf(api.GET('/api/settings')).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway from proxy', code: null })
  })

  it('reports a request that got no answer as network_error, status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    const error = await dataOf(api.GET('/api/settings')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, code: 'network_error', message: 'Failed to fetch' })
  })
})

describe('the compiler checks calls against the contract', () => {
  it('types answers, and rejects unknown paths, missing parameters and wrong bodies', () => {
    // Never called: each line only has to compile, or fail to where marked.
    const calls = () => {
      const lists: Promise<AuctionLists> = dataOf(api.GET('/api/auctions'))
      const stats: Promise<UserStats> = dataOf(api.GET('/api/users/stats'))
      // @ts-expect-error: no such route
      void api.GET('/api/no-such-route')
      // @ts-expect-error: the auction id is required
      void api.GET('/api/auctions/{id}')
      // @ts-expect-error: the auction id is a number
      void api.GET('/api/auctions/{id}', { params: { path: { id: 'twelve' } } })
      // @ts-expect-error: a username is a string
      void api.POST('/api/auth/login', { body: { username: 42 } })
      // @ts-expect-error: a bid has no body
      void api.POST('/api/auctions/{id}/bid', { params: { path: { id: 12 } }, body: { amount: 1 } })
      return [lists, stats]
    }
    expect(calls).toBeTypeOf('function')
  })
})

describe('messageOf', () => {
  it('prefers the error message, else the fallback', () => {
    expect(messageOf(new ApiError(401, 'Нет'), 'fallback')).toBe('Нет')
    expect(messageOf('boom', 'fallback')).toBe('fallback')
  })
})
