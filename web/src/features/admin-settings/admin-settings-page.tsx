import { useTranslation } from 'react-i18next'
import { AdminPageShell } from '../../components/admin-page-shell'
import { CurrentSettingsCard } from './current-settings-card'
import { SettingsForm } from './settings-form'
import './admin-settings.css'

export function AdminSettingsPage() {
  const { t } = useTranslation()
  return (
    <AdminPageShell title={t('adminSettings.title')} testId="admin-settings-page">
      <div className="settings-layout section-gap">
        <SettingsForm />
        <CurrentSettingsCard />
      </div>
    </AdminPageShell>
  )
}
