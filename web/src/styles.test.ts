//! Layout rules that once broke on a narrow card (issue 11): the pre-bid mark covered the "soon"
//! badge, and the pre-bid button's label ran into its border.
import { describe, expect, it } from 'vitest'
import stylesheet from './styles.css?raw'

const css = stylesheet.replace(/\/\*[\s\S]*?\*\//g, '')

/** The declarations of the top-level rule for exactly `selector`, as `property → value`. */
function rule(selector: string): Record<string, string> {
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

describe('auction card layout', () => {
  it('puts the pre-bid mark in the bottom corner, away from the status badge at the top', () => {
    expect(rule('.auction-card-badge')).toMatchObject({ top: '10px', left: '10px' })
    const mark = rule('.auction-card-mark')
    expect(mark).not.toHaveProperty('top')
    expect(mark).toMatchObject({ bottom: '10px', right: '10px' })
  })

  it('lets a full-width button wrap its label inside its padding', () => {
    expect(rule('.btn-block')).toMatchObject({ 'white-space': 'normal', 'text-align': 'center' })
  })
})
