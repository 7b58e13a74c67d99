// @vitest-environment jsdom
//! The operator's servers page (issue 25): one node without leases explains how to run several;
//! with leases every node is listed with its state, auctions, bids a second and sockets, the nodes
//! are asked for again every 2 s, and "drain" is sent only once the operator confirms it.
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ClusterView, NodeView } from '../../lib/api-types'
import { render, unmountAll } from '../../test/render'
import { AdminClusterPage, REFRESH_MS } from './admin-cluster-page'

const SINGLE: ClusterView = { leases: false, node: null, nodes: [] }

function node(id: string, fields: Partial<NodeView> = {}): NodeView {
  return {
    id,
    startedAt: '2026-11-27T09:00:00Z',
    lastSeenAt: '2026-11-27T12:00:00Z',
    alive: true,
    draining: false,
    auctions: [],
    bidsPerSecond: 0,
    sockets: 0,
    ...fields,
  }
}

const TWO_NODES: ClusterView = {
  leases: true,
  node: 'node-a',
  nodes: [
    node('node-a', { auctions: [12, 7], bidsPerSecond: 12.46, sockets: 1500 }),
    node('node-b', { auctions: [3] }),
    node('node-c', { alive: false, draining: true, lastSeenAt: '2026-11-27T11:30:00Z' }),
  ],
}

/** Answers the page's requests: `view` for the nodes, the view after a drain for its `POST`. */
function serve(view: ClusterView) {
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
    if (path === '/api/admin/cluster') return json(view)
    const drained = /^\/api\/admin\/cluster\/nodes\/([^/]+)\/drain$/.exec(path)
    if (drained && request.method === 'POST') {
      return json({ ...view, nodes: view.nodes.map((n) => (n.id === drained[1] ? { ...n, draining: true } : n)) })
    }
    return json({ error: 'Не найдено', code: 'not_found' }, 404)
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

/** The requests sent so far, as `METHOD /path`. */
const sent = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.map(([request]) => `${request.method} ${new URL(request.url).pathname}`)

/** Lets the stubbed answers arrive and React render them. */
async function settle() {
  for (let turn = 0; turn < 5; turn += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const row = (id: string) => byTestId(`node-${id}`)
const within = (parent: HTMLElement | null, id: string) => parent?.querySelector<HTMLElement>(`[data-testid="${id}"]`) ?? null
const click = (element: HTMLElement | null) => act(() => element?.click())

describe('the servers page', () => {
  afterEach(() => {
    unmountAll()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('explains, with one node and no leases, how to run several', async () => {
    serve(SINGLE)
    render(<AdminClusterPage />)
    await settle()
    const card = byTestId('cluster-single')
    expect(card?.textContent).toContain('Работает один сервер: аукционы не делятся между серверами.')
    expect([...(card?.querySelectorAll('code') ?? [])].map((code) => code.textContent)).toEqual([
      'TYIYN_CLUSTER__NODE_ID',
      'TYIYN_CLUSTER__NATS_URL',
      'docs/operations.md',
    ])
    expect(byTestId('node-table')).toBeNull()
  })

  it('lists every node with its state, auctions, bids a second and sockets', async () => {
    serve(TWO_NODES)
    render(<AdminClusterPage />)
    await settle()
    expect(byTestId('cluster-single')).toBeNull()

    const a = row('node-a')
    expect(within(a, 'node-this')?.textContent).toBe('этот сервер')
    expect(within(a, 'node-state')?.textContent).toBe('Работает')
    expect(within(a, 'node-auction-count')?.textContent).toBe('2 аукциона')
    const links = [...(a?.querySelectorAll('a[data-testid="node-auction"]') ?? [])].map((link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['#12', '/auction/12'],
      ['#7', '/auction/7'],
    ])
    expect(within(a, 'node-bids-per-second')?.textContent).toBe('12,5')
    expect(a?.textContent).toContain('1\u00a0500')

    expect(within(row('node-b'), 'node-this')).toBeNull()
    expect(within(row('node-b'), 'node-auction-count')?.textContent).toBe('1 аукцион')
    expect(within(row('node-c'), 'node-state')?.textContent).toMatch(/^Не на связи с 27\.11\.2026/)
  })

  it('offers "drain" on a working node and "resume" on a draining one', async () => {
    serve(TWO_NODES)
    render(<AdminClusterPage />)
    await settle()
    for (const id of ['node-a', 'node-b']) {
      expect(within(row(id), 'node-drain')?.getAttribute('aria-label')).toBe('Перевести аукционы')
      expect(within(row(id), 'node-resume')).toBeNull()
    }
    expect(within(row('node-c'), 'node-drain')).toBeNull()
    expect(within(row('node-c'), 'node-resume')?.getAttribute('aria-label')).toBe('Вернуть')
  })

  it('sends "drain" only after the operator confirms it, and shows the answer', async () => {
    const fetch = serve(TWO_NODES)
    render(<AdminClusterPage />)
    await settle()

    click(within(row('node-b'), 'node-drain'))
    await settle()
    const dialog = byTestId('confirm-dialog')
    expect(dialog?.textContent).toContain('Перевести аукционы с сервера node-b?')
    expect(dialog?.textContent).toContain('Сервер передаст свои аукционы другим и не будет брать новые, пока его не вернут.')
    expect(sent(fetch).filter((request) => request.startsWith('POST'))).toEqual([])

    click(byTestId('confirm-ok'))
    await settle()
    expect(sent(fetch).filter((request) => request.startsWith('POST'))).toEqual(['POST /api/admin/cluster/nodes/node-b/drain'])
    expect(within(row('node-b'), 'node-state')?.textContent).toBe('Передаёт аукционы')
    expect(within(row('node-b'), 'node-resume')).not.toBeNull()
  })

  it('sends nothing when the operator cancels', async () => {
    const fetch = serve(TWO_NODES)
    render(<AdminClusterPage />)
    await settle()
    click(within(row('node-a'), 'node-drain'))
    await settle()
    click(byTestId('confirm-cancel'))
    await settle()
    expect(byTestId('confirm-dialog')).toBeNull()
    expect(sent(fetch).filter((request) => request.startsWith('POST'))).toEqual([])
  })

  it('asks for the nodes again every 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    const fetch = serve(TWO_NODES)
    render(<AdminClusterPage />)
    await act(() => vi.advanceTimersByTimeAsync(100))
    const asked = () => sent(fetch).filter((request) => request === 'GET /api/admin/cluster').length
    expect(asked()).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS))
    expect(asked()).toBe(2)
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS))
    expect(asked()).toBe(3)
  })
})
