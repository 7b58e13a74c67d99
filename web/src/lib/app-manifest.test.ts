// @vitest-environment jsdom
//! The page's manifest link follows the app's language (the files: src/app-manifests.test.ts).
import { afterEach, describe, expect, it } from 'vitest'
import { linkManifest, manifestHref } from './app-manifest'

describe('linkManifest', () => {
  afterEach(() => document.head.replaceChildren())

  it("points the page's manifest link at the language's manifest", () => {
    document.head.innerHTML = `<link rel="manifest" href="${manifestHref('ru')}">`
    linkManifest('ka')
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.ka.webmanifest')
  })

  it('does nothing on a page without one', () => {
    expect(() => linkManifest('en')).not.toThrow()
  })
})
