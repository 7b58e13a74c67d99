//! A slim notice under the header while the logged-in account must confirm a phone number before
//! it may bid: why, and the way to `/verify-phone`. Not shown on that page itself.
import { useAtomValue } from 'jotai'
import { Smartphone } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { needsPhoneAtom } from '../../lib/session'
import './phone-banner.css'

export function PhoneBanner() {
  const { t } = useTranslation()
  const needsPhone = useAtomValue(needsPhoneAtom)
  const { pathname } = useLocation()
  if (!needsPhone || pathname === '/verify-phone') return null
  return (
    <div className="phone-banner" role="status" data-testid="phone-banner">
      <div className="container phone-banner-inner">
        <Smartphone className="phone-banner-icon" aria-hidden="true" />
        <span>{t('phone.banner')}</span>
        <Link to="/verify-phone" className="btn btn-primary btn-small" data-testid="phone-banner-action">
          {t('phone.bannerAction')}
        </Link>
      </div>
    </div>
  )
}
