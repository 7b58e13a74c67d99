import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { OFFLINE_TEXTS, offlineLanguage } from './offline-texts'

describe('offlineLanguage', () => {
  it('speaks the language the reader chose in the app', () => {
    expect(offlineLanguage('ka', ['en-US'])).toBe('ka')
    expect(offlineLanguage('ky', [])).toBe('ky')
  })

  it('falls back to the first browser language the site speaks', () => {
    expect(offlineLanguage(null, ['de-DE', 'en-GB', 'ru'])).toBe('en')
    expect(offlineLanguage(null, ['KY-kg'])).toBe('ky')
    expect(offlineLanguage('fr', ['ka-GE'])).toBe('ka')
  })

  it('speaks Russian when nothing else fits', () => {
    expect(offlineLanguage(null, [])).toBe('ru')
    expect(offlineLanguage('toString', ['de'])).toBe('ru')
  })
})

describe('offline texts', () => {
  it('has the same texts in every language, none empty', () => {
    const keys = Object.keys(OFFLINE_TEXTS.ru).sort()
    for (const texts of Object.values(OFFLINE_TEXTS)) {
      expect(Object.keys(texts).sort()).toEqual(keys)
      expect(Object.values(texts).every((text) => text.trim() !== '')).toBe(true)
    }
  })
})

describe('offline.html', () => {
  const html = readFileSync(fileURLToPath(new URL('../../offline.html', import.meta.url)), 'utf8')

  it('names only texts the locale files have, and every one of them but the title', () => {
    const named = [...html.matchAll(/data-text="(\w+)"/g)].map((match) => match[1]).sort()
    expect(named).toEqual(Object.keys(OFFLINE_TEXTS.ru).filter((key) => !['documentTitle', 'checking'].includes(key)).sort())
  })

  it('runs no inline script (the Content-Security-Policy allows none)', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts.length).toBe(1)
    expect(scripts[0][1]).toContain('src=')
    expect(scripts[0][2].trim()).toBe('')
  })
})
