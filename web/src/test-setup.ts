//! Vitest setup (node environment). A browser resolves the API client's `/api/...` URLs against
//! the page; Node's `Request` has no page and refuses them, so tests run as if served from
//! `TEST_ORIGIN`. A stubbed `fetch` receives a `Request`: read `new URL(request.url).pathname`.
const TEST_ORIGIN = 'http://localhost'

const NodeRequest = globalThis.Request

class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, TEST_ORIGIN) : input, init)
  }
}

globalThis.Request = PageRequest

// Pages and dialogs load the texts beyond the first screen's before they show (`withAllTexts`);
// tests render them directly, so every text is loaded first.
const { loadAllTexts } = await import('./lib/i18n')
await loadAllTexts()
