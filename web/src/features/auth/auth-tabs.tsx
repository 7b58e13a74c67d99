//! Login and registration as two Radix tabs; used by the dialog and the /login page.
import * as Tabs from '@radix-ui/react-tabs'
import { useTranslation } from 'react-i18next'
import type { AuthTab } from '../../lib/dialogs'
import { LoginForm } from './login-form'
import { RegisterForm } from './register-form'
import './auth.css'

interface Props {
  tab: AuthTab
  onTabChange: (tab: AuthTab) => void
  onSuccess: () => void
}

export function AuthTabs({ tab, onTabChange, onSuccess }: Props) {
  const { t } = useTranslation()
  return (
    <Tabs.Root value={tab} onValueChange={(value) => onTabChange(value as AuthTab)} className="tabs">
      <Tabs.List className="tabs-list" aria-label={t('auth.pageTitle')}>
        <Tabs.Trigger value="login" className="tabs-trigger" data-testid="tab-login">
          {t('auth.tabLogin')}
        </Tabs.Trigger>
        <Tabs.Trigger value="register" className="tabs-trigger" data-testid="tab-register">
          {t('auth.tabRegister')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="login" className="tabs-content">
        <LoginForm onSuccess={onSuccess} />
        <p className="muted center small">
          {t('auth.noAccount')}{' '}
          <button type="button" className="link-button" onClick={() => onTabChange('register')}>
            {t('auth.tabRegister')}
          </button>
        </p>
      </Tabs.Content>
      <Tabs.Content value="register" className="tabs-content">
        <RegisterForm onSuccess={onSuccess} />
        <p className="muted center small">
          {t('auth.haveAccount')}{' '}
          <button type="button" className="link-button" onClick={() => onTabChange('login')}>
            {t('auth.tabLogin')}
          </button>
        </p>
      </Tabs.Content>
    </Tabs.Root>
  )
}
