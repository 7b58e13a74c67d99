//! A translated text that names the bot badge shows the badge itself where the text says `<bot/>`
//! (the translation files hold words only; the badge's icon is drawn here).
import { Fragment } from 'react'
import { BotBadge } from './bot-badge'

export const BOT_BADGE_TAG = '<bot/>'

export function TextWithBadges({ text }: { text: string }) {
  const parts = text.split(BOT_BADGE_TAG)
  if (parts.length === 1) return text
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <BotBadge testId="bot-badge-inline" />}
      {part}
    </Fragment>
  ))
}
