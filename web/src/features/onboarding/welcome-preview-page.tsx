import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { currentUserAtom } from '../../lib/session'
import { WelcomeModal } from './welcome-modal'
import { useDocumentTitle } from '../../lib/use-document-title'

export function WelcomePreviewPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('welcome.previewTitle'))
  const user = useAtomValue(currentUserAtom)
  const [open, setOpen] = useState(true)
  return (
    <section className="container page page-narrow" data-testid="welcome-preview-page">
      <div className="card center">
        <h1>{t('welcome.previewTitle')}</h1>
        <p className="muted">{t('welcome.previewText')}</p>
        <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
          {t('welcome.previewOpen')}
        </button>
      </div>
      <WelcomeModal open={open} username={user?.username ?? t('welcome.previewUsername')} onClose={() => setOpen(false)} />
    </section>
  )
}
