//! Which texts ship with the first page load. The locale files stay one file per language; the
//! build splits each in two (`vite.config.ts`, `locale-parts` plugin): `?texts=shell`, the texts
//! the app shell and the first screens (home, auction) can show, loaded before the first render
//! (with the first screens' lazy parts: the watch star, the kind hints, the notes by the bid
//! button, catalogue names), and `?texts=rest`, everything else, loaded with the first page or
//! dialog that needs it (`withAllTexts` in lib/i18n.ts): a first visit never downloads it.
//! shell-texts.test.ts checks that every key the first load's modules name is in the shell.
//! (No imports here: vite.config.ts loads this file too.)

/** Paths into a locale file: a whole section (`nav`) or a key under one (`rules.title`). */
export const SHELL_TEXTS = [
  'common',
  'nav',
  'header',
  'home',
  'auction',
  'auctions',
  'bid',
  'bot',
  'toast',
  'cookies',
  'notFound',
  'honest',
  'autobid.tag',
  'format.days',
  'youWon',
  'privacy.title',
  'support.title',
  'rules.title',
  'terms.title',
  'fairness.title',
  'topup.perBid',
  'topup.paidToast',
  'topup.failedToast',
  'claims.paidToast',
  'watch',
  'kindHints',
  'auctionNotes',
  'catalogue',
] as const

export type TextPart = 'shell' | 'rest'

type Texts = { [key: string]: unknown }

const PLURAL = /_(zero|one|two|few|many|other)$/

function isTexts(value: unknown): value is Texts {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether the key at `path` (its plural forms included) is one of `paths` or lies under one. */
function inShell(path: string, paths: readonly string[]): boolean {
  const key = path.replace(PLURAL, '')
  return paths.some((shell) => key === shell || key.startsWith(`${shell}.`))
}

/** Whether some of `paths` lie under `path` (so the object there is split, not taken whole). */
function holdsShell(path: string, paths: readonly string[]): boolean {
  return paths.some((shell) => shell.startsWith(`${path}.`))
}

/** The `part` of a locale file: the shell's paths, or everything else. Objects keep their shape. */
export function pickTexts(texts: Texts, part: TextPart, paths: readonly string[] = SHELL_TEXTS, prefix = ''): Texts {
  const out: Texts = {}
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (isTexts(value) && holdsShell(path, paths) && !inShell(path, paths)) {
      const inner = pickTexts(value, part, paths, path)
      if (Object.keys(inner).length > 0) out[key] = inner
    } else if (inShell(path, paths) === (part === 'shell')) {
      out[key] = value
    }
  }
  return out
}
