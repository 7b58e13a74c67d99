//! Public site settings from `GET /api/settings`, cached for 5 minutes (spec section 9).
import { atom } from 'jotai'
import { api } from './api'
import type { Settings } from './types'

export const SETTINGS_CACHE_MS = 300_000

export const DEFAULT_SETTINGS: Settings = {
  currency: 'сом',
  currencySymbol: 'сом',
  siteName: 'Тыйын',
  language: 'ru',
  headerTagline: '',
  footerDescription: '',
  contactAddress: '',
  contactPhone: '',
  contactEmail: '',
}

const settingsBaseAtom = atom<{ data: Settings | null; fetchedAt: number }>({ data: null, fetchedAt: 0 })

/** The settings in force: the server's once loaded, the defaults before. */
export const settingsAtom = atom((get) => get(settingsBaseAtom).data ?? DEFAULT_SETTINGS)
export const settingsLoadedAtom = atom((get) => get(settingsBaseAtom).data !== null)

let inflight: Promise<void> | null = null

/** Loads settings unless the cached copy is younger than 5 minutes; `true` forces a reload. */
export const loadSettingsAtom = atom(null, (get, set, force: boolean = false) => {
  const { data, fetchedAt } = get(settingsBaseAtom)
  if (!force && data && Date.now() - fetchedAt < SETTINGS_CACHE_MS) return Promise.resolve()
  if (inflight && !force) return inflight
  inflight = api
    .get<Settings>('/api/settings')
    .then((settings) => set(settingsBaseAtom, { data: { ...DEFAULT_SETTINGS, ...settings }, fetchedAt: Date.now() }))
    .catch(() => {
      // Keep the defaults (or the last good copy); the next navigation tries again.
    })
    .finally(() => {
      inflight = null
    })
  return inflight
})

/** Stores settings the admin just saved, so every reader sees them at once. */
export const replaceSettingsAtom = atom(null, (_get, set, settings: Settings) => {
  set(settingsBaseAtom, { data: { ...DEFAULT_SETTINGS, ...settings }, fetchedAt: Date.now() })
})
