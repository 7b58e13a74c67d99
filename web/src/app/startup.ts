//! What happens once, before the first render: the session and the site settings start loading,
//! and the realtime socket connects.
import { startRealtime } from '../lib/realtime'
import { loadSessionAtom } from '../lib/session'
import { loadSettings } from '../lib/settings'
import { appStore } from '../lib/store'

export function startApp() {
  void appStore.set(loadSessionAtom)
  void loadSettings()
  startRealtime()
}
