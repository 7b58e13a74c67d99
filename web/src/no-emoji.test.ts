//! No emoji in the app's source or texts (issue 11): on a device without an emoji font they show
//! as empty boxes, and every phone draws them differently. Icons come from lucide-react, drawn in
//! the component; a translated text that needs the bot badge says `<bot/>`.
import { describe, expect, it } from 'vitest'

/** The pictographic ranges: emoji and the symbol blocks phones draw as emoji (written as escapes
 * so this file passes its own check). Arrows and typographic marks (→, ©, …) are text, not here. */
const EMOJI = /[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u{2300}-\u{23FF}\u{2B00}-\u{2BFF}\u{21A9}\u{21AA}]|\u{FE0F}/u

/** Test files that need an emoji character to test with (none yet); the path from src/. */
const ALLOWED = new Set<string>([])

const sources = import.meta.glob<string>('./**/*.{ts,tsx,json}', { query: '?raw', import: 'default', eager: true })

/** `file:line: <char> U+<code point>` (e.g. `U+1F528`) for every line of `text` that holds an emoji. */
function findings(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const found = EMOJI.exec(line)
    if (!found) return []
    const code = found[0].codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')
    return [`${file}:${index + 1}: ${found[0]} U+${code}`]
  })
}

describe('no emoji in web/src', () => {
  it('reads the sources it checks', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100)
    expect(Object.keys(sources)).toContain('./i18n/locales/ru.json')
  })

  it('finds an emoji where there is one', () => {
    expect(findings('x.tsx', `const a = 1\n<span>${String.fromCodePoint(0x1f528)} Auctions</span>`)).toEqual(['x.tsx:2: \u{1F528} U+1F528'])
    expect(findings('x.json', `"title": "${String.fromCodePoint(0x2699, 0xfe0f)} Settings"`)).toHaveLength(1)
    expect(findings('x.ts', '// auction id \u2192 seconds, \u00a9 2026')).toEqual([])
  })

  it('has none in any .ts, .tsx or .json file', () => {
    const found = Object.entries(sources)
      .filter(([path]) => !ALLOWED.has(path.slice(2)))
      .flatMap(([path, text]) => findings(path.slice(2), text))
    expect(found).toEqual([])
  })
})
