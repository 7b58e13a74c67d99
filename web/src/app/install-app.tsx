//! "Install the app" in the user menu and the drawer (issue 43), shown only where the browser
//! offers it (lib/install-prompt.ts): a click opens the browser's own install dialog, or on an
//! iPhone or iPad the how-to (install-help-dialog.tsx, rendered by the layout).
import { Smartphone } from 'lucide-react'
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { useAtomValue, useSetAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { installAppAtom, installWayAtom } from '../lib/install-app'
import './install-app.css'

/** The user menu's entry. */
export function InstallAppMenuItem() {
  const { t } = useTranslation()
  const way = useAtomValue(installWayAtom)
  const install = useSetAtom(installAppAtom)
  if (!way) return null
  return (
    <DropdownMenu.Item className="menu-item" onSelect={() => void install()} data-testid="menu-install-app">
      {t('installApp.menu')}
    </DropdownMenu.Item>
  )
}

/** The drawer's entry; `onClick` closes the drawer. */
export function InstallAppButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation()
  const way = useAtomValue(installWayAtom)
  const install = useSetAtom(installAppAtom)
  if (!way) return null
  return (
    <button
      type="button"
      className="drawer-link drawer-install"
      onClick={() => {
        onClick()
        void install()
      }}
      data-testid="drawer-install-app"
    >
      <Smartphone aria-hidden="true" />
      {t('installApp.menu')}
    </button>
  )
}
