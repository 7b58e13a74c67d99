//! One bot in a list (the bots card, and the bots of one auction): its name and @username, a line
//! about its auctions or bids, the on/off switch and the button that deletes or removes it.
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Bot } from '../../lib/api-types'

interface Props {
  bot: Pick<Bot, 'firstName' | 'lastName' | 'username'>
  testId: string
  /** The line under the username. */
  detail: ReactNode
  /** The on/off switch. */
  active: { checked: boolean; disabled: boolean; onChange: (checked: boolean) => void; testId: string }
  /** The delete (or remove) button. */
  remove: { label: string; icon?: LucideIcon; disabled: boolean; onClick: () => void; testId: string }
}

export function BotItem({ bot, testId, detail, active, remove }: Props) {
  const { t } = useTranslation()
  return (
    <li className="bot-item" data-testid={testId}>
      <div className="bot-item-main">
        <strong data-user-content>
          {bot.firstName} {bot.lastName}
        </strong>
        <span className="muted small">@{bot.username}</span>
        {detail}
      </div>
      <div className="row-actions">
        <label className="check-row small">
          <input
            type="checkbox"
            className="switch"
            checked={active.checked}
            disabled={active.disabled}
            onChange={(event) => active.onChange(event.target.checked)}
            data-testid={active.testId}
          />
          <span>{active.checked ? t('adminBots.active') : t('adminBots.inactive')}</span>
        </label>
        <button type="button" className="btn btn-danger-outline btn-small" onClick={remove.onClick} disabled={remove.disabled} data-testid={remove.testId}>
          {remove.icon && <remove.icon aria-hidden="true" />}
          {remove.label}
        </button>
      </div>
    </li>
  )
}
