//! The one HTTP client: every call sends cookies, sends JSON only when there is a body, and turns a
//! non-2xx answer into an `ApiError` carrying the server's error contract `{error, code, fields}`.

export type FieldErrors = Record<string, string>

export class ApiError extends Error {
  readonly status: number
  readonly code: string | null
  readonly fields: FieldErrors

  constructor(status: number, message: string, code: string | null = null, fields: FieldErrors = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
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
 * Builds the error for a failed response from its body text (spec section 8): the JSON `error`
 * field if present, else the stringified JSON, else the plain text, else the status text.
 */
export function errorFromBody(status: number, statusText: string, text: string): ApiError {
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  if (json !== undefined) {
    if (isRecord(json) && typeof json.error === 'string' && json.error) {
      const code = typeof json.code === 'string' ? json.code : null
      return new ApiError(status, json.error, code, stringFields(json.fields))
    }
    return new ApiError(status, JSON.stringify(json))
  }
  if (text.trim()) return new ApiError(status, text.trim())
  return new ApiError(status, statusText || `HTTP ${status}`)
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Sends one request and parses the JSON answer (`undefined` for an empty body). */
export async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json' } }
  if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' }
    init.body = JSON.stringify(body)
  }
  let response: Response
  try {
    response = await fetch(path, init)
  } catch (cause) {
    throw new ApiError(0, cause instanceof Error ? cause.message : String(cause), 'network_error')
  }
  const text = await response.text()
  if (!response.ok) throw errorFromBody(response.status, response.statusText, text)
  return (text ? JSON.parse(text) : undefined) as T
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** The message to show for any thrown value, or `fallback` when it carries none. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message
  return fallback
}
