import { useTranslation } from 'react-i18next'
import { AdminNav } from '../../components/admin-nav'
import { CurrentSettingsCard } from './current-settings-card'
import { SettingsForm } from './settings-form'

export function AdminSettingsPage() {
  const { t } = useTranslation()
  return (
    <div className="container page" data-testid="admin-settings-page">
      <header className="page-header">
        <h1 className="page-title">{t('adminSettings.title')}</h1>
      </header>
      <AdminNav />
      <div className="settings-layout section-gap">
        <SettingsForm />
        <CurrentSettingsCard />
      </div>
    </div>
  )
}
