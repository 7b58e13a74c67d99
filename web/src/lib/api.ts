//! The one HTTP client, typed by the generated contract (`openapi-fetch` over `src/api/schema.d.ts`):
//! paths, path parameters, bodies and answers are checked by the compiler. Every call sends
//! cookies and `Accept: application/json`, and JSON only when there is a body. `dataOf` turns a
//! non-2xx answer into an `ApiError` carrying the server's error contract `{error, code, fields}`
//! (plus the status and, for 429, `Retry-After`); a request that never got an answer is an
//! `ApiError` with status 0 and code `network_error`.
//!
//! ```ts
//! const stats = await dataOf(api.GET('/api/users/stats'))
//! const answer = await dataOf(api.POST('/api/auctions/{id}/bid', { params: { path: { id } } }))
//! ```
import createClient from 'openapi-fetch'
import type { paths } from '../api/schema'

export type FieldErrors = Record<string, string>

export class ApiError extends Error {
  readonly status: number
  readonly code: string | null
  readonly fields: FieldErrors
  /** Seconds to wait before trying again (`Retry-After` of a 429 or 503), when the server said. */
  readonly retryAfter: number | null

  constructor(status: number, message: string, code: string | null = null, fields: FieldErrors = {}, retryAfter: number | null = null) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
    this.retryAfter = retryAfter
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function stringFields(value: unknown): FieldErrors {
  if (!isRecord(value)) return {}
  const out: FieldErrors = {}
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') out[key] = message
  }
  return out
}

/**
 * Builds the error for a failed response from its body as openapi-fetch hands it over (the parsed
 * JSON, else the raw text; `undefined` when empty), spec section 8: the JSON `error` field if
 * present, else the stringified JSON, else the plain text, else the status text.
 */
export function errorFromBody(status: number, statusText: string, body: unknown, retryAfter: number | null = null): ApiError {
  if (isRecord(body) && typeof body.error === 'string' && body.error) {
    const code = typeof body.code === 'string' ? body.code : null
    return new ApiError(status, body.error, code, stringFields(body.fields), retryAfter)
  }
  if (typeof body === 'string') {
    if (body.trim()) return new ApiError(status, body.trim(), null, {}, retryAfter)
  } else if (body !== undefined) {
    return new ApiError(status, JSON.stringify(body), null, {}, retryAfter)
  }
  return new ApiError(status, statusText || `HTTP ${status}`, null, {}, retryAfter)
}

/** `Retry-After` in seconds: a number of seconds, or an HTTP date (`null` when absent or unreadable). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || !value.trim()) return null
  if (/^\s*\d+\s*$/.test(value)) return Number(value)
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

/** `fetch`, looked up at call time (so tests can stub it) and failing as an `ApiError`. */
async function send(request: Request): Promise<Response> {
  try {
    return await globalThis.fetch(request)
  } catch (cause) {
    throw new ApiError(0, cause instanceof Error ? cause.message : String(cause), 'network_error')
  }
}

/** The typed client: `api.GET('/api/auctions/{id}', { params: { path: { id } } })`; unwrap with `dataOf`. */
export const api = createClient<paths>({
  baseUrl: '',
  credentials: 'include',
  headers: { Accept: 'application/json' },
  fetch: send,
})

/** What every openapi-fetch call resolves to. */
interface Answer<T> {
  data?: T
  error?: unknown
  response: Response
}

/** The answer's data; throws the `ApiError` of a non-2xx answer. */
export async function dataOf<T>(pending: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await pending
  if (!response.ok) {
    const retryAfter = parseRetryAfter(response.headers.get('Retry-After'))
    throw errorFromBody(response.status, response.statusText, error, retryAfter)
  }
  return data as T
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** The message to show for any thrown value, or `fallback` when it carries none. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message
  return fallback
}
