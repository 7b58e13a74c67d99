// @vitest-environment jsdom
//! Logging out (issue 43): this browser's push device leaves the account before the session ends,
//! and the browser unsubscribes; a browser without a subscription, or a server that does not
//! answer, does not hold the logout up.
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, unmountAll } from '../test/render'
import { installFakePush, removeFakePush } from './push-fakes'
import { forgetPushDevice, useLogout } from './use-logout'

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/phone'

/** Answers every request (204 for the device, 200 for the logout); returns `METHOD path` of each. */
function serve() {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      calls.push(`${request.method} ${new URL(request.url).pathname}`)
      return request.method === 'DELETE' ? new Response(null, { status: 204 }) : new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })
    }),
  )
  return calls
}

function LogoutButton() {
  const logout = useLogout()
  return (
    <button type="button" data-testid="logout" onClick={() => void logout()}>
      logout
    </button>
  )
}

async function settle() {
  for (let turn = 0; turn < 10; turn += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

describe('logging out', () => {
  afterEach(() => {
    unmountAll()
    removeFakePush()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('takes this device off the account first, then ends the session', async () => {
    const push = installFakePush({ permission: 'granted', subscribed: { endpoint: ENDPOINT } })
    const calls = serve()
    render(<LogoutButton />)

    act(() => document.querySelector<HTMLElement>('[data-testid="logout"]')?.click())
    await settle()

    expect(calls).toEqual(['DELETE /api/me/push-subscriptions', 'POST /api/auth/logout'])
    expect(push.subscription).toBeNull()
  })

  it('asks nothing about push in a browser without a subscription, or without push', async () => {
    installFakePush({ permission: 'granted' })
    const calls = serve()
    await forgetPushDevice()
    removeFakePush()
    await forgetPushDevice()
    expect(calls).toEqual([])
  })

  it('does not wait for a server that never answers', async () => {
    installFakePush({ permission: 'granted', subscribed: { endpoint: ENDPOINT } })
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let done = false
    void forgetPushDevice(1_000).then(() => (done = true))

    await vi.advanceTimersByTimeAsync(1_000)

    expect(done).toBe(true)
  })
})
