// @vitest-environment jsdom
//! "Install the app": offered where Chromium offered it or on an iPhone or iPad, never once
//! installed or inside the installed app; a click prompts once, or opens the iOS how-to.
import { createStore } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Device, installAppAtom, installWay, installWayAtom } from './install-app'
import { installHelpOpenAtom, isIos, listenForInstall } from './install-prompt'

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'

const device = (userAgent: string, overrides: Partial<Device> = {}): Device => ({ userAgent, maxTouchPoints: 0, standalone: false, ...overrides })

/** A `beforeinstallprompt` whose reader answers `outcome`. */
function offer(outcome: 'accepted' | 'dismissed' = 'accepted') {
  return Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome }),
  })
}

/** A store listening as startup does. */
function listening() {
  const store = createStore()
  listenForInstall(store)
  return store
}

afterEach(() => vi.restoreAllMocks())

describe('isIos', () => {
  it('knows an iPhone, and an iPad that says Macintosh by its touch screen', () => {
    expect(isIos({ userAgent: IPHONE, maxTouchPoints: 5 })).toBe(true)
    expect(isIos({ userAgent: IPAD, maxTouchPoints: 5 })).toBe(true)
    expect(isIos({ userAgent: IPAD, maxTouchPoints: 0 })).toBe(false)
    expect(isIos({ userAgent: ANDROID, maxTouchPoints: 5 })).toBe(false)
  })
})

describe('installWay', () => {
  const none = { prompt: null, installed: false }

  it("offers the browser's dialog where it offered one, the how-to on an iPhone, else nothing", () => {
    expect(installWay({ ...none, prompt: offer() }, device(ANDROID))).toBe('prompt')
    expect(installWay(none, device(IPHONE))).toBe('ios')
    expect(installWay(none, device(ANDROID))).toBeNull()
  })

  it('offers nothing once installed or inside the installed app', () => {
    expect(installWay(none, device(IPHONE, { standalone: true }))).toBeNull()
    expect(installWay({ prompt: offer(), installed: true }, device(ANDROID))).toBeNull()
  })
})

describe('the menu entry', () => {
  it("keeps Chromium's offer instead of its banner, and prompts once on a click", async () => {
    const store = listening()
    expect(store.get(installWayAtom)).toBeNull()
    const event = offer('accepted')
    window.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(store.get(installWayAtom)).toBe('prompt')

    await store.set(installAppAtom)
    expect(event.prompt).toHaveBeenCalledOnce()
    expect(store.get(installWayAtom)).toBeNull()
  })

  it('offers again when Chromium does after the reader declined', async () => {
    const store = listening()
    window.dispatchEvent(offer('dismissed'))
    await store.set(installAppAtom)
    expect(store.get(installWayAtom)).toBeNull()
    window.dispatchEvent(offer())
    expect(store.get(installWayAtom)).toBe('prompt')
  })

  it('goes once the app is installed', () => {
    const store = listening()
    window.dispatchEvent(offer())
    window.dispatchEvent(new Event('appinstalled'))
    expect(store.get(installWayAtom)).toBeNull()
  })

  it('opens the how-to on an iPhone', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE)
    const store = listening()
    expect(store.get(installWayAtom)).toBe('ios')
    await store.set(installAppAtom)
    expect(store.get(installHelpOpenAtom)).toBe(true)
  })
})
