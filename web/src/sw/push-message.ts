//! The pure part of the service worker's push handling (sw.ts): what a push message says, read as
//! the server sends it, and where a click on its notification may lead. The contract: a push
//! carries JSON `{title, body, url, tag, kind, lang}`, `url` a path of this site
//! (`/auction/iphone-ty-2026-00012`, `/profile#won-items`). A push that is not that still shows a
//! notice (the site's name and "a new notification"): browsers penalise a push that shows nothing.
import { pushFallback as en } from '../i18n/locales/en.json'
import { pushFallback as ka } from '../i18n/locales/ka.json'
import { pushFallback as ky } from '../i18n/locales/ky.json'
import { pushFallback as ru } from '../i18n/locales/ru.json'

const FALLBACK: Record<string, { title: string; body: string }> = { ru, en, ka, ky }

/** The icon beside every notification, and the monochrome mark of the status bar (Android). */
export const NOTIFICATION_ICON = '/icons/icon-192.png'
export const NOTIFICATION_BADGE = '/icons/badge-96.png'

/** What `registration.showNotification(title, options)` is called with. */
export interface PushNotice {
  title: string
  options: {
    body: string
    tag?: string
    lang?: string
    icon: string
    badge: string
    data: { url: string; kind?: string }
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined)

/** The fallback texts' language: `lang` if the site speaks it (`ky-KG` is `ky`), else Russian. */
function fallbackLanguage(lang: string | undefined): string {
  const primary = lang?.toLowerCase().split('-')[0] ?? ''
  return primary in FALLBACK ? primary : 'ru'
}

function parse(payload: string | null | undefined): Record<string, unknown> | null {
  if (!payload) return null
  try {
    const value: unknown = JSON.parse(payload)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/**
 * The notice a push's text (`PushMessageData.text()`, or nothing) shows. `origin` is the worker's
 * (`self.location.origin`); `deviceLanguage` the worker's `navigator.language`, for a push too
 * broken to say its own.
 */
export function pushNotice(payload: string | null | undefined, origin: string, deviceLanguage?: string): PushNotice {
  const message = parse(payload)
  const lang = text(message?.lang)
  const title = text(message?.title)
  const common = { icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE }
  if (!message || !title) {
    const fallback = FALLBACK[fallbackLanguage(lang ?? deviceLanguage)]
    return { title: fallback.title, options: { ...common, body: fallback.body, data: { url: '/' } } }
  }
  const tag = text(message.tag)
  const kind = text(message.kind)
  return {
    title,
    options: {
      ...common,
      body: typeof message.body === 'string' ? message.body : '',
      ...(tag ? { tag } : {}),
      ...(lang ? { lang } : {}),
      data: { url: sitePath(message.url, origin), ...(kind ? { kind } : {}) },
    },
  }
}

/**
 * Where a notice may lead: the path (with query and fragment) of a URL of this site; anything else
 * (another origin, `javascript:`, no URL at all) leads to the home page.
 */
export function sitePath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url.trim() === '') return '/'
  try {
    const target = new URL(url, origin)
    if (target.origin !== origin) return '/'
    return `${target.pathname}${target.search}${target.hash}`
  } catch {
    return '/'
  }
}

/** The path a clicked notification leads to (its `data.url`, checked again: data outlives code). */
export function clickTarget(data: unknown, origin: string): string {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined
  return sitePath(url, origin)
}
