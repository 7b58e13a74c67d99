import { useQuery } from '@tanstack/react-query'
import { Lock, MessageCircle, Scale, ShieldCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { api, dataOf } from '../lib/api'
import { formatCount } from '../lib/format'
import { queryKeys } from '../lib/queries'
import './footer.css'
import { useMoney } from '../lib/money'

const BADGES = [
  { key: 'secure', icon: Lock },
  { key: 'privacy', icon: ShieldCheck },
  { key: 'support', icon: MessageCircle },
  { key: 'fair', icon: Scale },
] as const

const SOCIAL = [
  { name: 'Instagram', href: 'https://instagram.com/tyiyn.kg', path: 'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm5 5a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm5.5-3a1 1 0 1 0 0 2 1 1 0 0 0 0-2z' },
  { name: 'Telegram', href: 'https://t.me/tyiyn_kg', path: 'M21.5 3.5 2.8 10.7c-1.3.5-1.3 1.2-.2 1.5l4.8 1.5 1.8 5.6c.2.6.4.8.9.8.4 0 .6-.2.9-.5l2.3-2.2 4.7 3.5c.9.5 1.5.2 1.7-.8l3.1-14.6c.3-1.3-.5-1.9-1.3-1.5zM8.6 13.4l9.2-5.8c.4-.3.8-.1.5.2l-7.6 6.9-.3 3.3-1.8-4.6z' },
  { name: 'Facebook', href: 'https://facebook.com/tyiyn.kg', path: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z' },
  { name: 'YouTube', href: 'https://youtube.com/@tyiyn', path: 'M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 0 0 2 8.2 31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1c.4-1.2.4-3.8.4-3.8s0-2.6-.4-3.8zM10 15V9l5.2 3L10 15z' },
] as const

/** The site's figures, counted by the server from its records (`GET /api/site-figures`); nothing
 * until they arrive, never an invented number. */
export function FooterStats() {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  const { data } = useQuery({ queryKey: queryKeys.siteFigures, queryFn: () => dataOf(api.GET('/api/site-figures')) })
  if (!data) return null
  // Counted words agree with their number (1 завершённый аукцион, 4 завершённых аукциона).
  const tiles = [
    { key: 'users', value: formatCount(data.activeUsers, i18n.language), count: data.activeUsers },
    { key: 'saved', value: money(data.totalSaved), count: undefined },
    { key: 'auctions', value: formatCount(data.completedAuctions, i18n.language), count: data.completedAuctions },
  ] as const
  return (
    <ul className="footer-stats" data-testid="footer-stats">
      {tiles.map((tile) => (
        <li key={tile.key} className="stat-tile">
          <strong>{tile.value}</strong>
          <span>{tile.count === undefined ? t(`footer.stats.${tile.key}`) : t(`footer.stats.${tile.key}`, { count: tile.count })}</span>
        </li>
      ))}
    </ul>
  )
}

export function TrustBadges() {
  const { t } = useTranslation()
  return (
    <ul className="trust-badges">
      {BADGES.map((badge) => (
        <li key={badge.key} className="icon-text">
          <badge.icon aria-hidden="true" /> {t(`footer.badges.${badge.key}`)}
        </li>
      ))}
    </ul>
  )
}

export function SocialLinks() {
  const { t } = useTranslation()
  return (
    <div className="social-links" aria-label={t('footer.social')} role="group">
      {SOCIAL.map((item) => (
        <a key={item.name} href={item.href} target="_blank" rel="noopener noreferrer" aria-label={item.name} className="social-link">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d={item.path} fill="currentColor" />
          </svg>
        </a>
      ))}
    </div>
  )
}
