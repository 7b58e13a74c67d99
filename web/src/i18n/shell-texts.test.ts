//! The texts that ship with the first load (the shell) cover every key the first load's modules
//! name, and the two parts of each locale file together are the whole file.
import { describe, expect, it } from 'vitest'
import en from './locales/en.json'
import ka from './locales/ka.json'
import ky from './locales/ky.json'
import ru from './locales/ru.json'
import { SHELL_TEXTS, pickTexts } from './shell-texts'

/** Every source module's text, by its path from src/ (`app/header.tsx`). */
const SOURCES: Record<string, string> = Object.fromEntries(
  Object.entries(import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/*.d.ts'], { query: '?raw', import: 'default', eager: true })).map(
    ([path, code]) => [path.replace(/^\.\.\//, ''), code],
  ),
)

/** The modules of the first load: the entry and the first screens' pages (the budget's pages). */
const FIRST_LOAD = ['main.tsx', 'features/auctions/home-page.tsx', 'features/auctions/auction-detail-page.tsx']

/** `import … from './x'` and `import './x'`, not `import type` and not `import('./x')` (lazy). */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm

/** `spec` imported from `from`, as a path from src/ (both use `/`). */
function resolveModule(from: string, spec: string): string | null {
  const parts = from.split('/').slice(0, -1)
  for (const part of spec.split('/')) {
    if (part === '..') parts.pop()
    else if (part !== '.') parts.push(part)
  }
  const base = parts.join('/')
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((file) => file in SOURCES) ?? null
}

/** `lazy(() => import('./x')…)`: a React.lazy part that does not wait for the other texts (a
 * part that does is `lazy(withAllTexts(…))`). */
const LAZY_IMPORT = /\blazy\(\s*\(\)\s*=>\s*import\(\s*['"](\.[^'"]+)['"]\s*\)/g

/**
 * Every source module `files` import, themselves included: statically, and lazily where the lazy
 * part does not wait for the other texts (a first screen's watch star, kind hints, notes), since
 * those show with the shell's texts alone.
 */
function staticGraph(files: string[], seen = new Set<string>()): Set<string> {
  for (const file of files) {
    if (seen.has(file)) continue
    seen.add(file)
    const specs = [...SOURCES[file].matchAll(STATIC_IMPORT), ...SOURCES[file].matchAll(LAZY_IMPORT)].map((m) => resolveModule(file, m[1]))
    staticGraph(specs.filter((f): f is string => f !== null), seen)
  }
  return seen
}

/**
 * The keys a module names: string literals that start with a section of the locale files. A
 * template literal or a literal ending in `.` names every key under its fixed start.
 */
function namedKeys(code: string, sections: Set<string>): string[] {
  const keys: string[] = []
  for (const match of code.matchAll(/['"`]([a-z][a-zA-Z0-9]*)(\.[a-zA-Z0-9_.]*)(\$\{|['"`])/g)) {
    const [, section, rest, end] = match
    if (!sections.has(section)) continue
    keys.push(end === '${' || rest.endsWith('.') ? `${section}${rest.replace(/\.?$/, '.')}` : `${section}${rest}`)
  }
  return keys
}

function covered(key: string): boolean {
  return SHELL_TEXTS.some((path) => (key.endsWith('.') ? key.startsWith(`${path}.`) : key === path || key.startsWith(`${path}.`)))
}

type Texts = { [key: string]: unknown }

function merge(a: Texts, b: Texts): Texts {
  const out: Texts = { ...a }
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key]
    out[key] = typeof mine === 'object' && mine !== null && typeof value === 'object' && value !== null ? merge(mine as Texts, value as Texts) : value
  }
  return out
}

describe('the shell texts', () => {
  it('hold every key the first load names', () => {
    const sections = new Set(Object.keys(ru))
    const modules = staticGraph(FIRST_LOAD)
    expect(modules.size).toBeGreaterThan(20)
    const missing = [...modules].flatMap((file) =>
      namedKeys(SOURCES[file], sections)
        .filter((key) => !covered(key))
        .map((key) => `${file}: ${key}`),
    )
    expect(missing, 'add these to SHELL_TEXTS (src/i18n/shell-texts.ts)').toEqual([])
  })

  it('name only paths that exist', () => {
    const missing = SHELL_TEXTS.filter((path) => path.split('.').reduce<unknown>((node, key) => (node as Texts | undefined)?.[key], ru) === undefined)
    expect(missing).toEqual([])
  })

  it.each(Object.entries({ ru, en, ka, ky }))('split %s into two parts that make the whole', (_lang, texts) => {
    const shell = pickTexts(texts, 'shell')
    const rest = pickTexts(texts, 'rest')
    expect(merge(shell, rest)).toEqual(texts)
    expect(Object.keys(shell)).toContain('nav')
    expect(rest).not.toHaveProperty('nav')
    expect(shell).toHaveProperty(['rules', 'title'])
    expect(rest).not.toHaveProperty(['rules', 'title'])
    const otherRule = Object.keys(texts.rules).find((key) => key !== 'title') ?? ''
    expect(rest).toHaveProperty(['rules', otherRule])
  })

  it('keeps plural forms with their key', () => {
    const texts = { n: { bids_one: '1', bids_other: 'n', other: 'x' } }
    expect(pickTexts(texts, 'shell', ['n.bids'])).toEqual({ n: { bids_one: '1', bids_other: 'n' } })
    expect(pickTexts(texts, 'rest', ['n.bids'])).toEqual({ n: { other: 'x' } })
  })
})
