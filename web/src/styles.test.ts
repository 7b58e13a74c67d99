//! The stylesheets beside their components (issue 11): every colour is a token of
//! styles/tokens.css, and layout rules that once broke on a narrow card stay fixed (the pre-bid
//! mark covered the "soon" badge; the pre-bid button's label ran into its border).
import { describe, expect, it } from 'vitest'

/** Every stylesheet of the app, by its path (`./styles/base.css`, `./app/header.css`, …). */
const sheets: Record<string, string> = import.meta.glob('./**/*.css', { query: '?raw', import: 'default', eager: true })

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '')

/** The declarations of the top-level rule for exactly `selector` in `file`, as `property → value`. */
function rule(file: string, selector: string): Record<string, string> {
  const css = withoutComments(sheets[file] ?? '')
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const body = new RegExp(`^${escaped} \\{([^}]*)\\}`, 'm').exec(css)?.[1] ?? ''
  return Object.fromEntries(
    body
      .split(';')
      .map((declaration) => declaration.split(':').map((part) => part.trim()))
      .filter(([property, value]) => property && value)
      .map(([property, value]) => [property, value]),
  )
}

/** A colour written literally: a hex colour, or an rgb()/rgba()/hsl()/hsla() function. */
const RAW_COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(/gi

/** The raw colours of `css` (outside comments), each with its line number. */
export function rawColours(css: string): string[] {
  return withoutComments(css)
    .split('\n')
    .flatMap((line, index) => (line.match(RAW_COLOUR) ?? []).map((colour) => `line ${index + 1}: ${colour}`))
}

describe('colour tokens', () => {
  it('finds the stylesheets', () => {
    expect(Object.keys(sheets)).toContain('./styles/tokens.css')
    expect(Object.keys(sheets)).toContain('./styles/base.css')
    expect(Object.keys(sheets).length).toBeGreaterThan(10)
  })

  it('keeps every literal colour in tokens.css', () => {
    const offenders = Object.entries(sheets)
      .filter(([file]) => file !== './styles/tokens.css')
      .flatMap(([file, css]) => rawColours(css).map((found) => `${file} ${found}`))
    expect(offenders).toEqual([])
  })

  it('recognises a raw colour in any notation', () => {
    expect(rawColours('a { color: #fff; }\nb { background: rgb(0 0 0 / 10%); border-color: HSL(0 0% 0%); }')).toEqual([
      'line 1: #fff',
      'line 2: rgb(',
      'line 2: HSL(',
    ])
    expect(rawColours('a { color: var(--ink); } /* #fff */ .x-rgb { grid-area: 1 / 2; }')).toEqual([])
  })
})

describe('auction card layout', () => {
  const cards = './features/auctions/auction-cards.css'

  it('puts the pre-bid mark in the bottom corner, away from the status badge at the top', () => {
    expect(rule(cards, '.auction-card-badge')).toMatchObject({ top: '10px', left: '10px' })
    const mark = rule(cards, '.auction-card-mark')
    expect(mark).not.toHaveProperty('top')
    expect(mark).toMatchObject({ bottom: '10px', right: '10px' })
  })

  it('lets a full-width button wrap its label inside its padding', () => {
    expect(rule('./styles/base.css', '.btn-block')).toMatchObject({ 'white-space': 'normal', 'text-align': 'center' })
  })
})
