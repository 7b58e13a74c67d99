import { useTranslation } from 'react-i18next'
import { AdminNav } from '../../components/admin-nav'
import { EmptyState } from '../../components/empty-state'

export function AdminFinishedPage() {
  const { t } = useTranslation()
  return (
    <div className="container page" data-testid="admin-finished-page">
      <header className="page-header">
        <h1 className="page-title">{t('admin.finishedTitle')}</h1>
      </header>
      <AdminNav />
      <section className="card section-gap">
        <EmptyState icon="🏁">{t('admin.comingSoon')}</EmptyState>
      </section>
    </div>
  )
}
