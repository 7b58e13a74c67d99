// @vitest-environment jsdom
//! The cookie bar (issue 22): it comes 2 s after load when no choice is stored, offers the four
//! choices in one slim bar, gives the page room below for itself while it shows, and a choice is
//! stored and takes it away.
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, unmountAll } from '../../test/render'
import { CookieBanner } from './cookie-banner'
import { BANNER_DELAY_MS, CONSENT_KEY } from './consent-storage'

/** jsdom lays nothing out: a bar that reports 80 px as soon as it is watched. */
class FixedSizeObserver {
  constructor(private readonly callback: () => void) {}
  observe(element: HTMLElement) {
    Object.defineProperty(element, 'offsetHeight', { configurable: true, value: 80 })
    this.callback()
  }
  disconnect() {}
}

const room = () => document.documentElement.style.getPropertyValue('--cookie-bar-room')
const byTestId = (page: HTMLElement, id: string) => page.querySelector<HTMLElement>(`[data-testid="${id}"]`)

describe('the cookie bar', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.stubGlobal('ResizeObserver', FixedSizeObserver)
    localStorage.clear()
  })

  afterEach(() => {
    unmountAll()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('comes after 2 s with the four choices, and makes room below the page', () => {
    const page = render(<CookieBanner />)
    expect(byTestId(page, 'cookie-banner')).toBeNull()
    act(() => vi.advanceTimersByTime(BANNER_DELAY_MS))
    const bar = byTestId(page, 'cookie-banner')
    expect(bar?.getAttribute('aria-label')).toBe('Мы используем cookie')
    for (const id of ['cookie-settings', 'cookie-necessary', 'cookie-accept-all', 'cookie-reject']) expect(byTestId(page, id)).not.toBeNull()
    expect(bar?.querySelector('a[href="/privacy-policy"]')).not.toBeNull()
    expect(room()).toBe('80px')
  })

  it('stores the choice, goes, and gives the room back', () => {
    const page = render(<CookieBanner />)
    act(() => vi.advanceTimersByTime(BANNER_DELAY_MS))
    act(() => byTestId(page, 'cookie-necessary')?.click())
    expect(localStorage.getItem(CONSENT_KEY)).toBe('necessary-only')
    expect(byTestId(page, 'cookie-banner')).toBeNull()
    expect(room()).toBe('')
  })

  it('does not come when a choice is stored', () => {
    localStorage.setItem(CONSENT_KEY, 'rejected')
    const page = render(<CookieBanner />)
    act(() => vi.advanceTimersByTime(BANNER_DELAY_MS * 2))
    expect(byTestId(page, 'cookie-banner')).toBeNull()
  })
})
