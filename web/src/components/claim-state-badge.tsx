//! A won item's state as a coloured badge: reserved, claimed, paid, shipped, delivered, passed on,
//! expired.
import { useTranslation } from 'react-i18next'
import type { ClaimState } from '../lib/api-types'

const TONES: Record<ClaimState, string> = {
  reserved: 'badge-upcoming',
  claimed: 'badge-upcoming',
  paid: 'badge-success',
  shipped: 'badge-accent',
  delivered: 'badge-success',
  passed: 'badge-finished',
  expired: 'badge-danger',
}

export function ClaimStateBadge({ state }: { state: ClaimState }) {
  const { t } = useTranslation()
  return (
    <span className={`badge ${TONES[state]}`} data-testid="claim-state" data-state={state}>
      {t(`claimState.${state}`)}
    </span>
  )
}
