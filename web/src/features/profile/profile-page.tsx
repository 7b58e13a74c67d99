import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { LoginRequired } from '../../components/login-required'
import { LimitsCard } from './limits-card'
import { NoticesCard } from './notices-card'
import { PageHeader } from '../../components/page-header'
import { PageSpinner } from '../../components/spinner'
import { authStatusAtom, currentUserAtom } from '../../lib/session'
import { PersonalInfoCard } from './personal-info-card'
import { PushDevicesCard } from './push-devices-card'
import { RecentBidsCard, StatsCard, WonAuctionsCard } from './profile-cards'
import { SecurityCard } from './security-card'
import { TelegramCard } from './telegram-card'
import { WatchlistCard } from './watchlist-card'
import { WonItemsCard } from './won-items-card'
import './won-items.css'
import { useDocumentTitle } from '../../lib/use-document-title'
import './profile.css'

export function ProfilePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('profile.title'))
  const status = useAtomValue(authStatusAtom)
  const user = useAtomValue(currentUserAtom)

  if (status === 'loading') return <PageSpinner />
  if (!user) return <LoginRequired title={t('profile.errorTitle')} message={t('profile.loginRequired')} action="home" />

  return (
    <div className="container page" data-testid="profile-page">
      <PageHeader title={t('profile.title')} backButton />
      <div className="profile-layout">
        <div className="profile-main">
          <PersonalInfoCard user={user} />
          <WonItemsCard />
          <WatchlistCard />
          <WonAuctionsCard />
          <TelegramCard />
          <PushDevicesCard />
          <NoticesCard />
          <SecurityCard />
          <LimitsCard />
        </div>
        <aside className="profile-side">
          <StatsCard />
          <RecentBidsCard />
        </aside>
      </div>
    </div>
  )
}
