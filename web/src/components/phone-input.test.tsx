// @vitest-environment jsdom
//! The profile's phone input keeps one +996 prefix however a number is typed or pasted (issue 11).
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { render, typeValue, unmountAll } from '../test/render'
import { PhoneInput } from './phone-input'

function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial)
  return <PhoneInput id="phone" aria={{}} name="phone" value={value} onBlur={() => undefined} onChange={setValue} />
}

function field(initial: string): HTMLInputElement {
  const input = render(<Field initial={initial} />).querySelector('input')
  if (!input) throw new Error('no input')
  return input
}

describe('phone input', () => {
  afterEach(unmountAll)

  it('keeps one prefix when a cleared field is typed again in full', () => {
    const input = field('+996700000000')
    typeValue(input, '')
    for (const key of '+996555123456') typeValue(input, input.value + key)
    expect(input.value).toBe('+996555123456')
  })

  it('keeps one prefix when a full number is pasted after it', () => {
    const input = field('+996')
    typeValue(input, '+996+996 555 12 34 56')
    expect(input.value).toBe('+996555123456')
  })

  it('can be cleared', () => {
    const input = field('+996555123456')
    typeValue(input, '')
    expect(input.value).toBe('')
  })
})
