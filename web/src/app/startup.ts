//! What happens once, before the first render: the session and the site settings start loading;
//! once the first screen is up, the realtime socket connects. (The other pages' texts load with
//! the first page or dialog that shows them: lib/i18n.ts `withAllTexts`.)
import { afterFirstScreen } from '../lib/after-first-screen'
import { startRealtime } from '../lib/realtime'
import { loadSessionAtom } from '../lib/session'
import { loadSettings } from '../lib/settings'
import { appStore } from '../lib/store'

export function startApp() {
  void appStore.set(loadSessionAtom)
  void loadSettings()
  afterFirstScreen(startRealtime)
}
