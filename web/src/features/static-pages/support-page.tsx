import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/page-header'
import { FaqList } from './faq-list'
import type { FaqItem } from './faq-list'

interface Channel {
  title: string
  value: string
  response: string
}

const CHANNEL_ICONS = ['✉️', '💬', '🗨️']

export function SupportPage() {
  const { t } = useTranslation()
  const channels = t('support.channels', { returnObjects: true }) as Channel[]
  const hours = t('support.hours', { returnObjects: true }) as { days: string; time: string }[]
  const faq = t('support.faq', { returnObjects: true }) as FaqItem[]
  return (
    <div className="container page" data-testid="support-page">
      <PageHeader title={t('support.title')} subtitle={t('support.subtitle')} />
      <h2 className="section-title">{t('support.channelsTitle')}</h2>
      <div className="grid grid-3">
        {channels.map((channel, index) => (
          <article key={channel.title} className="card channel-card">
            <span className="channel-icon" aria-hidden="true">
              {CHANNEL_ICONS[index]}
            </span>
            <h3>{channel.title}</h3>
            <p className="channel-value">{channel.value}</p>
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
          <h2 className="card-title">🕘 {t('support.hoursTitle')}</h2>
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
