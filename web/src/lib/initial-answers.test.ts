import { afterEach, describe, expect, it, vi } from 'vitest'

/** A document holding `text` as the HTML's answers, as the server writes them. */
function documentWith(text: string | null) {
  const element = text === null ? null : { textContent: text, remove: vi.fn() }
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'initial-answers' ? element : null) })
  return element
}

describe('the answers the HTML carried', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  it('gives each answer once, then nothing, and takes the element out of the page', async () => {
    const element = documentWith(JSON.stringify({ '/api/auctions': { live: [], upcoming: [], finished: [] } }))
    const { takeInitial } = await import('./initial-answers')
    expect(takeInitial('/api/auctions')).toEqual({ live: [], upcoming: [], finished: [] })
    expect(takeInitial('/api/auctions')).toBeUndefined()
    expect(takeInitial('/api/auctions/7/bids')).toBeUndefined()
    expect(element?.remove).toHaveBeenCalledTimes(1)
  })

  it('asks the API when the page carried none or they do not read', async () => {
    documentWith('{not json')
    const { takeInitial } = await import('./initial-answers')
    expect(takeInitial('/api/auctions')).toBeUndefined()
    vi.resetModules()
    documentWith(null)
    const again = await import('./initial-answers')
    expect(again.takeInitial('/api/auctions')).toBeUndefined()
  })
})

describe('when the carried answers were current', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is when the HTML arrived, not when the scripts ran', async () => {
    vi.stubGlobal('performance', { timeOrigin: 1_000_000, getEntriesByType: () => [{ responseStart: 250 }] })
    const { carriedAt } = await import('./initial-answers')
    expect(carriedAt()).toBe(1_000_250)
  })

  it('is now where the browser has no navigation timing', async () => {
    vi.useFakeTimers()
    vi.setSystemTime(5_000_000)
    vi.stubGlobal('performance', { timeOrigin: 0, getEntriesByType: () => [] })
    const { carriedAt } = await import('./initial-answers')
    expect(carriedAt()).toBe(5_000_000)
    vi.useRealTimers()
  })
})
