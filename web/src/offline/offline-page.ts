//! The offline page's script (offline.html): writes the texts in the reader's language, and goes
//! back to the page the reader asked for as soon as the site answers again: at once when the
//! browser says it is online, and by asking the site every few seconds meanwhile (the `online`
//! event does not come on every phone, nor when the network was up and the site was not).
//! "Try again" asks at once.
import { LANGUAGE_KEY, OFFLINE_TEXTS, offlineLanguage } from './offline-texts'
import './offline.css'

/** How often the page asks whether the site answers. */
const RETRY_MS = 5_000
/** A path that is never answered from a cache (the service worker leaves `/api/*` alone). */
const PROBE = '/api/settings'

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY)
  } catch {
    return null
  }
}

const lang = offlineLanguage(storedLanguage(), navigator.languages ?? [navigator.language])
const texts = OFFLINE_TEXTS[lang]
document.documentElement.lang = lang
document.title = texts.documentTitle
for (const element of document.querySelectorAll<HTMLElement>('[data-text]')) {
  element.textContent = texts[element.dataset.text as keyof typeof texts] ?? ''
}
const status = document.querySelector<HTMLElement>('[data-testid="offline-status"]')

/** Whether the site answers at all (any status: a network that is back is enough). */
async function siteAnswers(): Promise<boolean> {
  try {
    await fetch(PROBE, { cache: 'no-store', credentials: 'same-origin' })
    return true
  } catch {
    return false
  }
}

let asking = false
async function comeBackIfOnline(saying: boolean) {
  if (asking) return
  asking = true
  if (saying && status) status.textContent = texts.checking
  const back = await siteAnswers()
  if (back) {
    window.location.reload()
    return
  }
  asking = false
  if (status) status.textContent = ''
}

document.querySelector('[data-testid="offline-retry"]')?.addEventListener('click', () => void comeBackIfOnline(true))
window.addEventListener('online', () => void comeBackIfOnline(false))
window.setInterval(() => void comeBackIfOnline(false), RETRY_MS)
