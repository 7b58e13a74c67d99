//! The router's lazy pages: a page's chunk loads on its first visit (or ahead, `preload`), with the
//! texts beyond the first screen's unless it is a first screen itself. Used by the router and by
//! the admin section's routes (admin-routes.tsx).
import { lazy } from 'react'
import type { ComponentType } from 'react'
import { withAllTexts } from '../lib/i18n'

/**
 * A page component loaded on first visit, `page(() => import('…'), 'ExportName')`, with all the
 * texts (lib/i18n.ts `withAllTexts`); a first screen's page needs only the shell's texts, loaded
 * already (`{ shellTexts: true }`; src/i18n/shell-texts.ts lists them).
 */
export function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string, { shellTexts = false } = {}) {
  const withTexts = shellTexts ? load : withAllTexts(load)
  let loaded: ComponentType | null = null
  let loading: Promise<ComponentType> | null = null
  /** Loads the page's chunk once (again after a failure). */
  const preload = () =>
    (loading ??= withTexts().then(
      (module) => (loaded = module[name] as ComponentType),
      (error: unknown) => {
        loading = null
        throw error
      },
    ))
  const Lazy = lazy(() => preload().then((component) => ({ default: component })))
  /** The page itself once loaded (no suspending), else its lazy stand-in. */
  function Page() {
    const Loaded = loaded
    return Loaded ? <Loaded /> : <Lazy />
  }
  return Object.assign(Page, { preload })
}
