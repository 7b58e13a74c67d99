//! What happens once, before the first render: the session and the site settings start loading,
//! and the browser's offer to install the app is listened for (it may come before the first
//! render); once the first screen is up, the realtime socket connects. The service worker is
//! registered (its module loads then) 10 s after the first screen, or at the reader's first tap or
//! key if sooner: its install (the precache) never competes with a slow phone's first seconds, and
//! a reader who turns push on has it by the time it is needed. (The other pages' texts load with
//! the first page or dialog that shows them: lib/i18n.ts `withAllTexts`.)
import { afterFirstScreen } from '../lib/after-first-screen'
import { listenForInstall } from '../lib/install-prompt'
import { startRealtime } from '../lib/realtime'
import { loadSessionAtom } from '../lib/session'
import { loadSettings } from '../lib/settings'
import { appStore } from '../lib/store'

/** How long after the first screen the worker waits for, unless the reader acts first. */
export const WORKER_DELAY_MS = 10_000
const ACTIONS = ['pointerdown', 'keydown'] as const

/** Registers the service worker once, `WORKER_DELAY_MS` from now or at the first tap or key. */
export function registerWorkerSoon(register: () => void) {
  let timer = 0
  let done = false
  const now = () => {
    if (done) return
    done = true
    window.clearTimeout(timer)
    for (const action of ACTIONS) window.removeEventListener(action, now, true)
    register()
  }
  timer = window.setTimeout(now, WORKER_DELAY_MS)
  for (const action of ACTIONS) window.addEventListener(action, now, { capture: true, passive: true })
}

export function startApp() {
  void appStore.set(loadSessionAtom)
  void loadSettings()
  listenForInstall(appStore)
  afterFirstScreen(startRealtime)
  // Not in `vite` (dev): there is no /sw.js there. A browser that refuses a worker (a private
  // window, storage off) runs the site without one.
  if (import.meta.env.PROD) {
    const register = () => void import('../lib/service-worker').then((worker) => worker.registerServiceWorker()).catch(() => undefined)
    afterFirstScreen(() => registerWorkerSoon(register))
  }
}
