//! The installed app's manifests, public/manifest.<lang>.webmanifest: one app in four languages,
//! with the site's colours and icons of the sizes they claim.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from './lib/languages'
import en from './i18n/locales/en.json'
import ka from './i18n/locales/ka.json'
import ky from './i18n/locales/ky.json'
import ru from './i18n/locales/ru.json'
import tokens from './styles/tokens.css?raw'

const PUBLIC = fileURLToPath(new URL('../public', import.meta.url))
const LOCALES = { ru, en, ka, ky }

interface Icon {
  src: string
  sizes: string
  type: string
  purpose?: string
}

const manifest = (lang: string) => JSON.parse(readFileSync(join(PUBLIC, `manifest.${lang}.webmanifest`), 'utf8'))
const token = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(tokens)?.[1]

/** A PNG's width and height, from its header. */
function pngSize(src: string): string {
  const bytes = readFileSync(join(PUBLIC, src))
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

describe.each(LANGUAGES)('the %s manifest', (lang) => {
  const app = manifest(lang)

  it('is the same installable app in its language', () => {
    expect(app).toMatchObject({ id: '/', scope: '/', lang, display: 'standalone' })
    expect(app.start_url.startsWith(app.scope)).toBe(true)
    expect(app.short_name.length).toBeLessThanOrEqual(12)
    expect(app.name).toContain(app.short_name)
    expect(app.description).toBe(LOCALES[lang].header.taglineDefault)
  })

  it("has the site's colours", () => {
    expect(app.theme_color).toBe(token('accent'))
    expect(app.background_color).toBe(token('bg'))
  })

  it('has 192 and 512 px icons and a maskable one, each the size it says', () => {
    const icons: Icon[] = app.icons
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
    for (const icon of icons) expect(pngSize(icon.src), icon.src).toBe(icon.sizes)
  })

  it('has shortcuts to the auctions and the profile, named in its language, with 96 px icons', () => {
    const shortcuts: { name: string; url: string; icons: Icon[] }[] = app.shortcuts
    expect(shortcuts.map((shortcut) => new URL(shortcut.url, 'https://x').pathname)).toEqual(['/auctions', '/profile'])
    expect(shortcuts.map((shortcut) => shortcut.name)).toEqual([LOCALES[lang].nav.auctions, LOCALES[lang].nav.profile])
    for (const icon of shortcuts.flatMap((shortcut) => shortcut.icons)) expect(pngSize(icon.src)).toBe('96x96')
  })
})
