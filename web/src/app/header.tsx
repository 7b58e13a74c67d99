import { Coins } from 'lucide-react'
import { useAtomValue, useSetAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useLocation } from 'react-router'
import { Logo } from '../components/logo'
import { openLoginDialogAtom } from '../lib/dialogs'
import { authStatusAtom, currentUserAtom } from '../lib/session'
import { settingsAtom } from '../lib/settings'
import { LanguageSwitcher } from './language-switcher'
import { LazyNotificationBell, LazyUserMenu } from './lazy-parts'
import { MobileDrawer } from './mobile-drawer'
import './header.css'
import { siteName, siteText } from '../lib/site-texts'

export const NAV_ITEMS = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/auctions', key: 'nav.auctions', end: false },
  { to: '/how-it-works', key: 'nav.howItWorks', end: false },
] as const

export function Brand() {
  const { t, i18n } = useTranslation()
  const settings = useAtomValue(settingsAtom)
  return (
    <Link to="/" className="brand" data-testid="brand">
      <Logo />
      <span className="brand-text">
        <strong className="brand-name" data-user-content>
          {siteName(settings, i18n.language)}
        </strong>
        <small className="brand-tagline" data-testid="header-tagline">
          {siteText(settings, i18n.language, 'headerTagline') || t('header.taglineDefault')}
        </small>
      </span>
    </Link>
  )
}

/** Whether `pathname` is one of the admin's pages. */
export function isAdminPath(pathname: string) {
  return pathname === '/admin' || pathname.startsWith('/admin/')
}

export function Header() {
  const { t } = useTranslation()
  const user = useAtomValue(currentUserAtom)
  const status = useAtomValue(authStatusAtom)
  const openLogin = useSetAtom(openLoginDialogAtom)
  // The admin's pages run the site: a bid balance and its top-up have no place there.
  const inAdmin = isAdminPath(useLocation().pathname)

  return (
    <header className={user ? 'site-header signed-in' : 'site-header'}>
      <div className="container header-inner">
        <Brand />
        <nav className="main-nav" aria-label={t('nav.mainNav')}>
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className="nav-link" data-testid={`nav-${item.to.slice(1) || 'home'}`}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
        <div className="header-actions">
          <LanguageSwitcher className="hide-mobile" />
          {status === 'ready' && user && (
            <>
              {!inAdmin && <div className="balance-chip" title={t('header.balance')}>
                <span className="balance-coin" aria-hidden="true">
                  <Coins aria-hidden="true" />
                </span>
                <span className="sr-only">{t('header.balance')}: </span>
                <span className="balance-value" data-testid="bid-balance">
                  {user.bidBalance}
                </span>
                <Link to="/topup" className="balance-topup" data-testid="topup-link">
                  <span className="balance-topup-label sr-only-tight">{t('nav.topUp')}</span>
                  <span className="balance-topup-plus" aria-hidden="true">
                    +
                  </span>
                </Link>
              </div>}
              <LazyNotificationBell />
              <span className="hide-mobile">
                <LazyUserMenu user={user} />
              </span>
            </>
          )}
          {status === 'ready' && !user && (
            <button type="button" className="btn btn-primary" onClick={() => openLogin('login')} data-testid="login-button">
              {t('nav.login')}
            </button>
          )}
          <MobileDrawer />
        </div>
      </div>
    </header>
  )
}
