// @vitest-environment jsdom
//! The home page's one `<h1>` says what the site is, not the name of the promoted lot, and its
//! headings go down one level at a time (issue 11).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, unmountAll } from '../../test/render'
import { HomePage } from './home-page'

describe('the home page headings', () => {
  afterEach(() => {
    unmountAll()
    vi.unstubAllGlobals()
  })

  it('has one h1 describing the site, the promoted lot below it, and skips no level', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)))
    const page = render(<HomePage />)
    const headings = [...page.querySelectorAll('h1, h2, h3, h4, h5, h6')]
    const levels = headings.map((heading) => Number(heading.tagName[1]))

    expect(page.querySelectorAll('h1')).toHaveLength(1)
    expect(page.querySelector('h1')?.textContent).toBe('Пенни-аукционы в Кыргызстане')
    expect(page.querySelector('.hero-title')?.tagName).toBe('H2')
    expect(levels[0]).toBe(1)
    levels.slice(1).forEach((level, index) => expect(level).toBeLessThanOrEqual(levels[index] + 1))
    expect(document.title).toBe('Пенни-аукционы в Кыргызстане — Тыйын')
  })
})
