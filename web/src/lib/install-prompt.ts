//! The browser's offer to install the app (issue 43), kept from startup on (app/startup.ts):
//! Chromium fires `beforeinstallprompt` once, early, and the menu's "Install the app"
//! (lib/install-app.ts, loaded with the menus) calls its `prompt()` on a click later. Only this
//! listener and its atoms are in the first load.
import { atom, type createStore } from 'jotai'

/** Chromium's event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

interface InstallOffer {
  /** The browser's offer, until used (a used one cannot prompt again). */
  prompt: BeforeInstallPromptEvent | null
  /** The app was installed from this page. */
  installed: boolean
  /** The iPhone how-to is open (app/install-help-dialog.tsx). */
  helpOpen: boolean
}

/** Written by the listener and by lib/install-app.ts only. */
export const installOfferAtom = atom<InstallOffer>({ prompt: null, installed: false, helpOpen: false })

export const installHelpOpenAtom = atom((get) => get(installOfferAtom).helpOpen)

/** An iPhone, iPod or iPad (an iPad's Safari says "Macintosh", with a touch screen): no install
 * dialog there, and push only inside the installed app (lib/push-device.ts). */
export function isIos({ userAgent, maxTouchPoints }: { userAgent: string; maxTouchPoints: number }): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1)
}

/** Keeps the browser's offer for the menu, instead of the browser's own banner. */
export function listenForInstall(store: ReturnType<typeof createStore>) {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    store.set(installOfferAtom, (offer) => ({ ...offer, prompt: event as BeforeInstallPromptEvent }))
  })
  window.addEventListener('appinstalled', () => {
    store.set(installOfferAtom, (offer) => ({ ...offer, prompt: null, installed: true }))
  })
}
