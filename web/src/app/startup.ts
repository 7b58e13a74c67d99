//! What happens once, before the first render: the session and the site settings start loading,
//! and the browser's offer to install the app is listened for (it may come before the first
//! render); once the first screen is up, the realtime socket connects and the service worker is
//! registered (its module loads then). (The other pages' texts load with the first page or dialog
//! that shows them: lib/i18n.ts `withAllTexts`.)
import { afterFirstScreen } from '../lib/after-first-screen'
import { listenForInstall } from '../lib/install-prompt'
import { startRealtime } from '../lib/realtime'
import { loadSessionAtom } from '../lib/session'
import { loadSettings } from '../lib/settings'
import { appStore } from '../lib/store'

export function startApp() {
  void appStore.set(loadSessionAtom)
  void loadSettings()
  listenForInstall(appStore)
  afterFirstScreen(startRealtime)
  // Not in `vite` (dev): there is no /sw.js there. A browser that refuses a worker (a private
  // window, storage off) runs the site without one.
  if (import.meta.env.PROD) afterFirstScreen(() => void import('../lib/service-worker').then((worker) => worker.registerServiceWorker()).catch(() => undefined))
}
