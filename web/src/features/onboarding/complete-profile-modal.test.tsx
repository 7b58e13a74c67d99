// @vitest-environment jsdom
//! The complete-profile modal stays open until the user completes it or presses Skip: neither
//! Escape nor a click outside dismisses it (issue 11).
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { User } from '../../lib/api-types'
import { testUser } from '../../lib/test-fixtures'
import { press, render, typeValue, unmountAll } from '../../test/render'
import { CompleteProfileModal } from './complete-profile-modal'

const newUser: User = testUser(Date.parse('2026-11-24T00:00:00Z'), { username: 'aibek', email: 'aibek@example.kg' })

const modal = () => document.querySelector('[data-testid="complete-profile-modal"]')

describe('complete-profile modal', () => {
  afterEach(unmountAll)

  it('stays open when Escape is pressed', () => {
    const onClose = vi.fn()
    render(<CompleteProfileModal user={newUser} onClose={onClose} />)
    expect(modal()).not.toBeNull()

    press('Escape')

    expect(onClose).not.toHaveBeenCalled()
    expect(modal()).not.toBeNull()
  })

  it('stays open when the overlay is clicked', async () => {
    const onClose = vi.fn()
    render(<CompleteProfileModal user={newUser} onClose={onClose} />)
    // The dialog starts listening for outside pointers one task after it opens.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))

    const overlay = document.querySelector<HTMLElement>('.overlay')
    act(() => {
      overlay?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true }))
      overlay?.click()
    })

    expect(onClose).not.toHaveBeenCalled()
    expect(modal()).not.toBeNull()
  })

  it('keeps one +996 prefix when the cleared phone is typed again in full', () => {
    render(<CompleteProfileModal user={newUser} onClose={vi.fn()} />)
    const phone = document.querySelector<HTMLInputElement>('#cp-phone')
    if (!phone) throw new Error('no phone field')

    typeValue(phone, '')
    for (const key of '+99655512') typeValue(phone, phone.value + key)

    expect(phone.value).toBe('+99655512')
  })

  it('closes on Skip', () => {
    const onClose = vi.fn()
    render(<CompleteProfileModal user={newUser} onClose={onClose} />)

    document.querySelector<HTMLButtonElement>('[data-testid="complete-profile-skip"]')?.click()

    expect(onClose).toHaveBeenCalledOnce()
  })
})
