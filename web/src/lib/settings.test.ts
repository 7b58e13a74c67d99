import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Settings } from './api-types'
import { settingsQuery } from './queries'
import { queryClient } from './query-client'
import { DEFAULT_SETTINGS, applySavedSettings, loadSettings, settingsAtom, settingsLoadedAtom } from './settings'
import { appStore } from './store'

const SERVER: Settings = { ...DEFAULT_SETTINGS, siteName: 'Тыйын KG', currency: 'USD', currencySymbol: '$', language: 'en' }

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

describe('settings follow the query cache', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows the defaults until the first answer, and keeps them when it fails', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ error: 'down' }, 503))
    vi.stubGlobal('fetch', fetchMock)
    await loadSettings()
    expect(appStore.get(settingsAtom)).toEqual(DEFAULT_SETTINGS)
    expect(appStore.get(settingsLoadedAtom)).toBe(false)
    queryClient.clear()
  })

  it('loads once per 5 minutes and keeps the last copy across a cache clear', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(SERVER))
    vi.stubGlobal('fetch', fetchMock)
    await loadSettings()
    await loadSettings()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(new URL((fetchMock.mock.calls[0][0] as Request).url).pathname).toBe('/api/settings')
    expect(appStore.get(settingsAtom).siteName).toBe('Тыйын KG')
    expect(appStore.get(settingsLoadedAtom)).toBe(true)

    queryClient.clear()
    expect(appStore.get(settingsAtom).currencySymbol).toBe('$')
    await loadSettings()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('shows saved settings at once and fetches the public copy again', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ ...SERVER, siteName: 'Сохранено' }))
    vi.stubGlobal('fetch', fetchMock)
    queryClient.setQueryData(settingsQuery().queryKey, SERVER)
    const saving = applySavedSettings({ ...SERVER, siteName: 'Сохранено' })
    expect(appStore.get(settingsAtom).siteName).toBe('Сохранено')
    await saving
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(queryClient.getQueryData(settingsQuery().queryKey)?.siteName).toBe('Сохранено')
  })
})
