// @vitest-environment jsdom
//! The worker's registration and the update policy: a new version that takes over reloads the page
//! at once only while it is hidden and idle, else the reader's next page is loaded anew; the first
//! worker's takeover is no update.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { registerServiceWorker } from './service-worker'

vi.mock(import('./app-update'), async (importOriginal) => ({ ...(await importOriginal()), reloadPage: vi.fn(), loadPage: vi.fn() }))
const { loadPage, reloadPage } = await import('./app-update')

/** `navigator.serviceWorker` as a page sees it: `controller` set when a worker was in charge. */
function fakeContainer(controlled: boolean) {
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? {} : null,
    register: vi.fn(() => Promise.resolve({ update: vi.fn(() => Promise.resolve()) })),
  })
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true })
  return container
}

let visibility: DocumentVisibilityState = 'visible'
function setVisibility(state: DocumentVisibilityState) {
  visibility = state
  document.dispatchEvent(new Event('visibilitychange'))
}

/** Lets the page load what it loads when a new version takes over. */
async function takeOver(container: EventTarget) {
  container.dispatchEvent(new Event('controllerchange'))
  await vi.dynamicImportSettled()
}

/** A click on a link to `href`, as the reader's finger makes it; whether the page let it through. */
function clickLink(href: string): boolean {
  document.body.innerHTML = `<a href="${href}">go</a>`
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
  document.querySelector('a')?.dispatchEvent(event)
  return !event.defaultPrevented
}

/** The listeners each test's page added, removed after it: every test is a fresh page. */
const added: (() => void)[] = []
function recordListeners(target: Document | Window) {
  const add = target.addEventListener.bind(target)
  vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
    add(type, listener, options)
    if (listener) added.push(() => target.removeEventListener(type, listener, options))
  })
}

beforeEach(() => {
  visibility = 'visible'
  Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true })
  recordListeners(document)
  recordListeners(window)
})
afterEach(() => {
  added.splice(0).forEach((remove) => remove())
  vi.restoreAllMocks()
  vi.mocked(reloadPage).mockClear()
  vi.mocked(loadPage).mockClear()
  document.body.replaceChildren()
})

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site', async () => {
    const container = fakeContainer(false)
    await registerServiceWorker()
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
  })

  it("does not reload for the first worker's takeover, but does for the next one", async () => {
    const container = fakeContainer(false)
    await registerServiceWorker()
    setVisibility('hidden')
    await takeOver(container)
    expect(reloadPage).not.toHaveBeenCalled()
    await takeOver(container)
    expect(reloadPage).toHaveBeenCalledOnce()
  })

  it('reloads a hidden page at once when a new version takes over', async () => {
    const container = fakeContainer(true)
    await registerServiceWorker()
    setVisibility('hidden')
    await takeOver(container)
    expect(reloadPage).toHaveBeenCalledOnce()
  })

  it('leaves a page on screen alone, and loads the next page anew, or reloads once it is hidden', async () => {
    const container = fakeContainer(true)
    await registerServiceWorker()
    expect(clickLink('/auctions')).toBe(true)
    await takeOver(container)
    expect(reloadPage).not.toHaveBeenCalled()

    expect(clickLink('/auctions')).toBe(false)
    expect(loadPage).toHaveBeenCalledWith(`${window.location.origin}/auctions`)
    setVisibility('hidden')
    expect(reloadPage).toHaveBeenCalled()
  })

  it('does not reload a hidden page with a dialog open or a field typed into', async () => {
    const container = fakeContainer(true)
    await registerServiceWorker()
    document.body.innerHTML = '<div role="dialog"></div>'
    await takeOver(container)
    setVisibility('hidden')
    expect(reloadPage).not.toHaveBeenCalled()

    document.body.innerHTML = '<input>'
    document.querySelector('input')?.dispatchEvent(new Event('input', { bubbles: true }))
    setVisibility('visible')
    setVisibility('hidden')
    expect(reloadPage).not.toHaveBeenCalled()
  })
})
