//! /support: the ways to reach support, each a link that opens it (the e-mail address from the
//! settings, the Telegram account), the working hours and common questions.
import { Clock, Mail, MessageCircle } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { createElement } from 'react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/page-header'
import { settingsAtom } from '../../lib/settings'
import { FaqList } from './faq-list'
import type { FaqItem } from './faq-list'
import { useDocumentTitle } from '../../lib/use-document-title'
import './static-pages.css'

/** The support account on Telegram. */
const TELEGRAM_ACCOUNT = 'tyiyn_support'

interface ChannelText {
  title: string
  response: string
}

/** How each channel (in the order of `support.channels`) is shown and opened. */
interface ChannelLink {
  icon: LucideIcon
  label: string
  href: string
}

export function SupportPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('support.title'))
  const { contactEmail } = useAtomValue(settingsAtom)
  const email = contactEmail || t('footer.emailDefault')
  const links: ChannelLink[] = [
    { icon: Mail, label: email, href: `mailto:${email}` },
    { icon: MessageCircle, label: `@${TELEGRAM_ACCOUNT}`, href: `https://t.me/${TELEGRAM_ACCOUNT}` },
  ]
  const channels = t('support.channels', { returnObjects: true }) as ChannelText[]
  const hours = t('support.hours', { returnObjects: true }) as { days: string; time: string }[]
  const faq = t('support.faq', { returnObjects: true }) as FaqItem[]
  return (
    <div className="container page" data-testid="support-page">
      <PageHeader title={t('support.title')} subtitle={t('support.subtitle')} />
      <h2 className="section-title">{t('support.channelsTitle')}</h2>
      <div className="grid grid-2">
        {channels.map((channel, index) => (
          <article key={channel.title} className="card channel-card">
            <span className="channel-icon">
              {createElement(links[index].icon, { 'aria-hidden': true })}
            </span>
            <h3>{channel.title}</h3>
            <p className="channel-value">
              <a href={links[index].href} target={links[index].href.startsWith('https:') ? '_blank' : undefined} rel="noreferrer">
                {links[index].label}
              </a>
            </p>
            <p className="muted small">{channel.response}</p>
          </article>
        ))}
      </div>
      <div className="grid grid-2-1 section-gap">
        <section>
          <h2 className="section-title">{t('support.faqTitle')}</h2>
          <FaqList items={faq} />
        </section>
        <section className="card">
          <h2 className="card-title"><Clock aria-hidden="true" /> {t('support.hoursTitle')}</h2>
          <dl className="hours">
            {hours.map((row) => (
              <div key={row.days} className="hours-row">
                <dt>{row.days}</dt>
                <dd>{row.time}</dd>
              </div>
            ))}
          </dl>
          <p className="muted small">{t('support.hoursNote')}</p>
        </section>
      </div>
    </div>
  )
}
