// @vitest-environment jsdom
//! The ticking digits are not a live region; the one timer a page is about speaks politely, and
//! only at the thresholds (issue 11).
import { afterEach, describe, expect, it } from 'vitest'
import { iso, liveAuction } from '../lib/test-fixtures'
import { render, unmountAll } from '../test/render'
import { LiveTimer } from './timers'

describe('LiveTimer', () => {
  afterEach(unmountAll)

  it('keeps the digits quiet and announces the crossed threshold politely', () => {
    const now = Date.now()
    const page = render(<LiveTimer auction={liveAuction(now, { endsAt: iso(now + 8_000) })} announce />)
    expect(page.querySelector('[role="timer"]')?.getAttribute('aria-live')).toBe('off')
    const region = page.querySelector('[aria-live="polite"]')
    expect(region?.textContent).toBe('Осталось 10 секунд')
  })

  it('stays silent far from the end, and has no live region in lists', () => {
    const now = Date.now()
    const far = render(<LiveTimer auction={liveAuction(now, { endsAt: iso(now + 60_000) })} announce />)
    expect(far.querySelector('[aria-live="polite"]')?.textContent).toBe('')
    const card = render(<LiveTimer auction={liveAuction(now, { endsAt: iso(now + 8_000) })} />)
    expect(card.querySelector('[aria-live="polite"]')).toBeNull()
  })
})
