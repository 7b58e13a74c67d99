//! The menu button of small screens. The drawer it opens (Radix Dialog) loads on the first press,
//! so it is not part of the first page load.
import { Suspense, lazy, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { withAllTexts } from '../lib/i18n'
import { useLatch } from '../lib/use-latch'
import './mobile-drawer.css'

const MobileDrawerPanel = lazy(withAllTexts(() => import('./mobile-drawer-panel').then((m) => ({ default: m.MobileDrawerPanel }))))

export function MobileDrawer() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const wanted = useLatch(open)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-button show-mobile"
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onClick={() => setOpen(true)}
        data-testid="mobile-menu-button"
      >
        <span className="burger" aria-hidden="true" />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileDrawerPanel open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      )}
    </>
  )
}
