import { Mail, MapPin, Phone } from 'lucide-react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Logo } from '../components/logo'
import { clearCookieConsent } from '../features/cookie-consent/consent-storage'
import { settingsAtom } from '../lib/settings'
import { FooterStats, SocialLinks, TrustBadges } from './footer-parts'
import './footer.css'
import { siteAddress, siteName, siteText } from '../lib/site-texts'

const QUICK_LINKS = [
  { to: '/', key: 'nav.home' },
  { to: '/auctions', key: 'nav.auctions' },
  { to: '/how-it-works', key: 'nav.howItWorks' },
  { to: '/fairness', key: 'fairness.title' },
  { to: '/topup', key: 'nav.topUp' },
] as const

const SUPPORT_LINKS = [
  { to: '/support', key: 'support.title' },
  { to: '/auction-rules', key: 'rules.title' },
  { to: '/privacy-policy', key: 'privacy.title' },
  { to: '/terms-of-service', key: 'terms.title' },
] as const

export function Footer() {
  const { t, i18n } = useTranslation()
  const settings = useAtomValue(settingsAtom)

  const resetCookies = () => {
    clearCookieConsent()
    window.location.reload()
  }

  return (
    <footer className="site-footer" data-testid="footer">
      <div className="container">
        <FooterStats />
        <div className="footer-grid">
          <div className="footer-about">
            <div className="footer-brand">
              <Logo size={36} />
              <strong data-user-content>{siteName(settings, i18n.language)}</strong>
            </div>
            <p data-testid="footer-description">{siteText(settings, i18n.language, 'footerDescription') || t('footer.descriptionDefault')}</p>
            <SocialLinks />
          </div>
          <nav aria-label={t('footer.quickLinks')}>
            <h2 className="footer-heading">{t('footer.quickLinks')}</h2>
            <ul className="footer-links">
              {QUICK_LINKS.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{t(item.key)}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label={t('footer.support')}>
            <h2 className="footer-heading">{t('footer.support')}</h2>
            <ul className="footer-links">
              {SUPPORT_LINKS.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{t(item.key)}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className="footer-heading">{t('footer.contacts')}</h2>
            <address className="footer-contacts">
              <span className="icon-text" data-testid="footer-address">
                <MapPin aria-hidden="true" /> {siteAddress(settings, i18n.language) || t('footer.addressDefault')}
              </span>
              <a className="icon-text" href={`tel:${(settings.contactPhone || t('footer.phoneDefault')).replace(/[^\d+]/g, '')}`}>
                <Phone aria-hidden="true" /> {settings.contactPhone || t('footer.phoneDefault')}
              </a>
              <a className="icon-text" href={`mailto:${settings.contactEmail || t('footer.emailDefault')}`}>
                <Mail aria-hidden="true" /> {settings.contactEmail || t('footer.emailDefault')}
              </a>
            </address>
          </div>
        </div>
        <TrustBadges />
        <div className="footer-bottom">
          <p data-testid="footer-copyright">{t('footer.copyright', { year: new Date().getFullYear(), siteName: siteName(settings, i18n.language) })}</p>
          <button type="button" className="link-button" onClick={resetCookies} data-testid="cookie-settings-button">
            {t('footer.cookieSettings')}
          </button>
        </div>
      </div>
    </footer>
  )
}
