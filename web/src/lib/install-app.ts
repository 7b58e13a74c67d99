//! "Install the app" (issue 43): whether and how this browser can install the site. Chromium offers
//! it with `beforeinstallprompt` (kept by lib/install-prompt.ts from startup on): a click calls
//! its `prompt()`. Safari on an iPhone or iPad has no such event: the entry opens a how-to
//! (app/install-help-dialog.tsx). Nothing is offered once installed, nor inside the installed app.
import { atom } from 'jotai'
import { installOfferAtom, isIos } from './install-prompt'

/** How the app can be installed here: the browser's own dialog, the iOS how-to, or not at all. */
export type InstallWay = 'prompt' | 'ios' | null

/** What the browser tells about itself. */
export interface Device {
  userAgent: string
  maxTouchPoints: number
  /** `display-mode: standalone` matches, or iOS's `navigator.standalone`: the installed app. */
  standalone: boolean
}

export function installWay(offer: { prompt: unknown; installed: boolean }, device: Device): InstallWay {
  if (offer.installed || device.standalone) return null
  if (offer.prompt) return 'prompt'
  return isIos(device) ? 'ios' : null
}

function currentDevice(): Device {
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true
  return { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0, standalone }
}

export const installWayAtom = atom((get) => installWay(get(installOfferAtom), currentDevice()))

export const closeInstallHelpAtom = atom(null, (get, set) => set(installOfferAtom, { ...get(installOfferAtom), helpOpen: false }))

/** The menu entry's click: the browser's install dialog (within the click, as it requires), or
 * the iOS how-to. An offer serves once; Chromium makes a new one if the reader declined. */
export const installAppAtom = atom(null, async (get, set) => {
  const offer = get(installOfferAtom)
  const way = get(installWayAtom)
  if (way === 'ios') set(installOfferAtom, { ...offer, helpOpen: true })
  if (way !== 'prompt' || !offer.prompt) return
  set(installOfferAtom, { ...offer, prompt: null })
  await offer.prompt.prompt()
  const { outcome } = await offer.prompt.userChoice
  if (outcome === 'accepted') set(installOfferAtom, { ...get(installOfferAtom), installed: true })
})
