//! Renders a component into the DOM for tests that run under jsdom (`// @vitest-environment jsdom`
//! at the top of the file): inside React's `act`, with the app's i18n (Russian), a memory router
//! (at `route`, `/` by default) and a fresh query client (or the test's own `client`, to write into
//! its cache as the socket would). `unmountAll` in `afterEach` clears the page between tests.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { MemoryRouter } from 'react-router'
import '../lib/i18n'
import { createQueryClient } from '../lib/query-client'

// Tells React that updates are wrapped in `act`, so effects have run when it returns.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const mounted: Root[] = []

interface RenderOptions {
  /** The address the memory router starts at. */
  route?: string
  client?: QueryClient
}

/** Mounts `ui` into a new element of `document.body`; returns that element. */
export function render(ui: ReactNode, { route = '/', client = createQueryClient() }: RenderOptions = {}): HTMLElement {
  const container = document.body.appendChild(document.createElement('div'))
  const root = createRoot(container)
  mounted.push(root)
  act(() => {
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>,
    )
  })
  return container
}

/** Unmounts everything `render` mounted and empties the page. */
export function unmountAll() {
  act(() => mounted.splice(0).forEach((root) => root.unmount()))
  document.body.innerHTML = ''
}

/** Presses `key` on the focused element (or the body), as a keyboard would. */
export function press(key: string) {
  const target = document.activeElement ?? document.body
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
  })
}

/** Sets an input's value as typing would (React sees the `input` event). */
export function typeValue(input: HTMLInputElement, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  act(() => {
    setValue?.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}
