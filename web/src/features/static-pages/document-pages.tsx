//! Text pages whose content lives entirely in the translation files: auction rules, privacy
//! policy, terms of service. Each is a title, an intro and numbered sections.
import { useTranslation } from 'react-i18next'
import { CheckList } from '../../components/check-list'
import { PageHeader } from '../../components/page-header'
import { useDocumentTitle } from '../../lib/use-document-title'
import './static-pages.css'

interface Section {
  title: string
  paragraphs?: string[]
  items?: string[]
}

function DocumentPage({ ns, testId }: { ns: 'rules' | 'privacy' | 'terms'; testId: string }) {
  const { t, i18n } = useTranslation()
  useDocumentTitle(t(`${ns}.title`))
  const sections = t(`${ns}.sections`, { returnObjects: true }) as Section[]
  const meta = i18n.exists(`${ns}.meta`) ? t(`${ns}.meta`) : null
  return (
    <article className="container page page-doc" data-testid={testId}>
      <PageHeader title={t(`${ns}.title`)} subtitle={t(`${ns}.intro`)}>
        {meta && <p className="doc-meta">{meta}</p>}
      </PageHeader>
      <div className="doc-body">
        {sections.map((section) => (
          <section key={section.title} className="card doc-section">
            <h2>{section.title}</h2>
            {section.paragraphs?.map((text) => <p key={text}>{text}</p>)}
            {section.items && <CheckList items={section.items} />}
          </section>
        ))}
      </div>
    </article>
  )
}

export function AuctionRulesPage() {
  return <DocumentPage ns="rules" testId="rules-page" />
}

export function PrivacyPolicyPage() {
  return <DocumentPage ns="privacy" testId="privacy-page" />
}

export function TermsPage() {
  return <DocumentPage ns="terms" testId="terms-page" />
}
