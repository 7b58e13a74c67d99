//! What each of an auction's fair kinds means, on its page (loaded after the first screen, with
//! every text: `kindHints` is not in the first load's texts).
import { useTranslation } from 'react-i18next'
import { useKinds } from './kind-badges'
import type { Kinds } from './kind-badges'

export function KindHints({ auction }: { auction: Kinds }) {
  const { t } = useTranslation()
  const kinds = useKinds(auction)
  if (kinds.length === 0) return null
  return (
    <ul className="kind-badges kind-badges-hints" data-testid="kind-hints">
      {kinds.map(([id, label, values]) => (
        <li key={id} data-testid={`kind-hint-${id}`}>
          <span className="badge badge-kind">{label}</span> <span className="muted small">{t(`kindHints.${id}`, values)}</span>
        </li>
      ))}
    </ul>
  )
}
