import { describe, expect, it } from 'vitest'
import { personWon } from './admin-finished-page'

describe('personWon', () => {
  it('is true only for a person, never for an unsold lot or a house win', () => {
    const person = { id: 1, username: 'aibek', isBot: false, firstName: null, lastName: null, role: 'user' } as const
    expect(personWon({ winner: person })).toBe(true)
    expect(personWon({ winner: { ...person, isBot: true } })).toBe(false)
    expect(personWon({ winner: null })).toBe(false)
  })
})
