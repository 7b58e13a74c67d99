//! What happens once, before the first render: the session and the site settings start loading,
//! and the realtime socket connects.
import { startRealtime } from '../lib/realtime'
import { loadSessionAtom } from '../lib/session'
import { loadSettingsAtom } from '../lib/settings'
import { appStore } from '../lib/store'

export function startApp() {
  void appStore.set(loadSessionAtom)
  void appStore.set(loadSettingsAtom)
  startRealtime()
}
