//! The mark on every bid, leader and winner that is an automatic bidder (a house bot), so that no
//! visitor mistakes a bot for a person: visible text, a tooltip, and the full wording for screen readers.
import { Bot } from 'lucide-react'
import { useTranslation } from 'react-i18next'

export function BotBadge({ testId = 'bot-badge' }: { testId?: string }) {
  const { t } = useTranslation()
  return (
    <span className="badge badge-bot" title={t('bot.badgeTitle')} data-testid={testId}>
      <Bot aria-hidden="true" />
      {t('bot.badge')}
      <span className="sr-only"> ({t('bot.badgeTitle')})</span>
    </span>
  )
}
