//! The import rule of STYLE.md for the imports eslint's `no-restricted-imports` does not see:
//! `import('…')`, the lazy ones. Shared code (lib, components, api, i18n, test) imports only shared
//! code; a feature imports shared code and its own files; the app shell imports anything.
import { describe, expect, it } from 'vitest'

const SHARED = new Set(['lib', 'components', 'api', 'i18n', 'test'])

/** Every source module's text, by its path from src/ (`app/header.tsx`). */
const SOURCES: Record<string, string> = Object.fromEntries(
  Object.entries(import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./**/*.d.ts'], { query: '?raw', import: 'default', eager: true })).map(
    ([path, code]) => [path.replace(/^\.\//, ''), code],
  ),
)

const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g

/** `spec` as written in `from`, as a path from src/. */
function resolve(from: string, spec: string): string {
  const parts = from.split('/').slice(0, -1)
  for (const part of spec.split('?')[0].split('/')) {
    if (part === '..') parts.pop()
    else if (part !== '.') parts.push(part)
  }
  return parts.join('/')
}

/** `features/<name>`, `app`, a shared folder, or the file itself (main.tsx). */
function area(path: string): string {
  const [top, name] = path.split('/')
  return top === 'features' ? `features/${name}` : top
}

function allowed(from: string, to: string): boolean {
  const source = area(from)
  const target = area(to)
  // Shared code: anyone may import it.
  if (SHARED.has(target)) return true
  // Shared code imports nothing else.
  if (SHARED.has(source)) return false
  // A feature: its own files only.
  if (source.startsWith('features/')) return target === source
  // The app shell (and main.tsx): anything.
  return true
}

describe('the import rule', () => {
  it('holds for lazy imports too', () => {
    const broken = Object.entries(SOURCES).flatMap(([file, code]) =>
      [...code.matchAll(DYNAMIC_IMPORT)].map((match) => [file, resolve(file, match[1])] as const).filter(([from, to]) => !allowed(from, to)).map(([from, to]) => `${from} → ${to}`),
    )
    expect(broken, 'a feature imports shared code and its own files only; shared code imports shared code only').toEqual([])
  })

  it('tells a feature reaching into another feature from one using shared code', () => {
    expect(allowed('features/auctions/auction-detail.tsx', 'features/autobid/autobid-card')).toBe(false)
    expect(allowed('features/auctions/auction-detail.tsx', 'features/auctions/kind-hints')).toBe(true)
    expect(allowed('features/auctions/auction-detail.tsx', 'components/honest-numbers')).toBe(true)
    expect(allowed('features/auctions/auction-detail.tsx', 'app/toaster')).toBe(false)
    expect(allowed('lib/i18n.ts', 'i18n/locales/ru.json')).toBe(true)
    expect(allowed('components/lazy-watch-star.tsx', 'features/auctions/x')).toBe(false)
    expect(allowed('app/auction-panels.ts', 'features/autobid/autobid-card')).toBe(true)
  })
})
