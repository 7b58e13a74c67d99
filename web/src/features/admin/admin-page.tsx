//! /admin: system statistics, the auction table (with the create and edit dialogs, the edit dialog
//! managing the auction's bots), upcoming bid packages, bot settings, the bots, bots in auctions,
//! the bid package catalogue, and the audit log. Everything about live auctions follows the socket.
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { AdminPageShell } from '../../components/admin-page-shell'
import { useAuctionList } from '../../lib/use-auctions'
import { AuctionBots } from './auction-bots'
import { AuctionTable, adminAuctionOrder } from './auction-table'
import { AuditLogCard } from './audit-log-card'
import { BidPackageTable } from './bid-package-table'
import { BotListCard } from './bot-list-card'
import { BotSettingsCard } from './bot-settings-card'
import { BotsInAuctionsCard } from './bots-in-auctions-card'
import { PackagesCard } from './packages-card'
import { PromoteToggle } from './promote-toggle'
import { SystemStatsCard } from './system-stats-card'
import { useRefetchOnBotLead } from './use-bot-lead-refetch'
import './admin.css'

export function AdminPage() {
  const { t } = useTranslation()
  const { data } = useAuctionList()
  const auctions = useMemo(() => adminAuctionOrder(data?.live ?? [], data?.upcoming ?? []), [data])
  useRefetchOnBotLead(data?.live ?? [])
  return (
    <AdminPageShell title={t('admin.title')} subtitle={t('admin.subtitle')} testId="admin-page">
      <SystemStatsCard />
      <AuctionTable
        renderBots={(auction) => <AuctionBots auction={auction} />}
        renderPromote={(auction) => <PromoteToggle auction={auction} />}
      />
      <div className="admin-grid section-gap">
        <BidPackageTable />
        <BotSettingsCard />
        <BotListCard />
        <BotsInAuctionsCard auctions={auctions} />
      </div>
      <PackagesCard />
      <AuditLogCard />
    </AdminPageShell>
  )
}
