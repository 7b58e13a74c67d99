//! A list of short statements, each after an accent tick (the rules, the tips, a document's points).
import { Check } from 'lucide-react'
import { TextWithBadges } from './text-with-badges'

export function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="check-list">
      {items.map((item) => (
        <li key={item}>
          <Check className="check-list-icon" aria-hidden="true" />
          <TextWithBadges text={item} />
        </li>
      ))}
    </ul>
  )
}
