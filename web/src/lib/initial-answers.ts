//! The API answers the page's HTML carried (the server's `routes::spa`: the home page's
//! auction lists, an auction page's auction and bids), by API path. Each is taken once, by the
//! first load that would have asked the API for it; anything else, and every later load, asks.

let answers: Record<string, unknown> | null = null

function read(): Record<string, unknown> {
  if (answers) return answers
  answers = {}
  const doc = globalThis.document
  const element = typeof doc?.getElementById === 'function' ? doc.getElementById('initial-answers') : null
  if (element?.textContent) {
    try {
      const parsed: unknown = JSON.parse(element.textContent)
      if (parsed && typeof parsed === 'object') answers = parsed as Record<string, unknown>
    } catch {
      // A page whose answers do not read asks the API, as without them.
    }
  }
  element?.remove()
  return answers
}

/** When this browser received the page's HTML, by its own clock: the answers it carried are as of
 * then, however long the scripts took (a countdown set from them must not run that much late). */
export function carriedAt(): number {
  const timing = globalThis.performance
  const navigation = timing?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined
  return navigation && navigation.responseStart > 0 ? timing.timeOrigin + navigation.responseStart : Date.now()
}

/** The answer to `GET path` the HTML carried, once; `undefined` when it carried none (or it was taken). */
export function takeInitial<T>(path: string): T | undefined {
  const all = read()
  if (!(path in all)) return undefined
  const answer = all[path] as T
  delete all[path]
  return answer
}
