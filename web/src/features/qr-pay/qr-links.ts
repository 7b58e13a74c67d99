//! What the page reads from a QR order's payment: the bank apps in the order a phone lists them
//! (each bank's own app first, the universal ELQR router last, as "another bank app"), and whether
//! the link is the demo provider's (whose payment the page's demo buttons settle).
import type { BankLink } from '../../lib/api-types'

/** The universal router's id in `QrView.banks`: it hands the link to whichever bank app is there. */
export const ROUTER_BANK = 'payqr'

/** The demo provider's id inside an ELQR payload (field 32, sub-field 00). */
const DEMO_PROVIDER = 'demo.tyiyn.kg'

/** The bank apps with the universal router moved last. */
export function orderedBanks(banks: readonly BankLink[]): BankLink[] {
  return [...banks.filter((bank) => bank.id !== ROUTER_BANK), ...banks.filter((bank) => bank.id === ROUTER_BANK)]
}

/** Whether `link` is a demo payment (no bank can pay it; the demo's buttons do). */
export function isDemoLink(link: string): boolean {
  let payload = link
  try {
    payload = decodeURIComponent(link)
  } catch {
    // Not valid percent-encoding: read it as it is.
  }
  return payload.includes(DEMO_PROVIDER)
}
