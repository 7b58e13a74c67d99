import { Bot, Calculator, Lightbulb, ScrollText } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BotBadge } from '../../components/bot-badge'
import { CheckList } from '../../components/check-list'
import { PageHeader } from '../../components/page-header'
import { FaqList } from './faq-list'
import type { FaqItem } from './faq-list'
import { useDocumentTitle } from '../../lib/use-document-title'
import './static-pages.css'

export function HowItWorksPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('howItWorks.title'))
  const steps = t('howItWorks.steps', { returnObjects: true }) as { title: string; text: string }[]
  const rules = t('howItWorks.rules', { returnObjects: true }) as string[]
  const example = t('howItWorks.example', { returnObjects: true }) as string[]
  const tips = t('howItWorks.tips', { returnObjects: true }) as string[]
  const bots = t('howItWorks.botsText', { returnObjects: true }) as string[]
  const faq = t('howItWorks.faq', { returnObjects: true }) as FaqItem[]
  return (
    <div className="container page" data-testid="how-it-works-page">
      <PageHeader title={t('howItWorks.title')} subtitle={t('howItWorks.subtitle')} />
      <ol className="steps">
        {steps.map((step, index) => (
          <li key={step.title} className="card step">
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            <h2>{step.title}</h2>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="grid grid-2 section-gap">
        <section className="card">
          <h2 className="card-title"><ScrollText aria-hidden="true" /> {t('howItWorks.rulesTitle')}</h2>
          <CheckList items={rules} />
        </section>
        <section className="card card-accent">
          <h2 className="card-title"><Calculator aria-hidden="true" /> {t('howItWorks.exampleTitle')}</h2>
          {example.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
      </div>
      <section className="card section-gap" data-testid="bots-explained">
        <h2 className="card-title"><Bot aria-hidden="true" /> {t('howItWorks.botsTitle')}</h2>
        {bots.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p className="muted small">
          {t('howItWorks.botsExample')} <BotBadge testId="bot-badge-example" />
        </p>
        <p>
          <Link to="/fairness" data-testid="fairness-link">{t('fairness.seeFigures')}</Link>
        </p>
      </section>
      <section className="card section-gap">
        <h2 className="card-title"><Lightbulb aria-hidden="true" /> {t('howItWorks.tipsTitle')}</h2>
        <CheckList items={tips} />
      </section>
      <section className="section-gap">
        <h2 className="section-title">{t('howItWorks.faqTitle')}</h2>
        <FaqList items={faq} />
      </section>
      <p className="center section-gap">
        <Link to="/auctions" className="btn btn-primary btn-large">
          {t('howItWorks.cta')}
        </Link>
      </p>
    </div>
  )
}
