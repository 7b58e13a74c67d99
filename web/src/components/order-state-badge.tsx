//! An order's state as a coloured badge: awaiting payment, paid, not paid, refunded.
import { useTranslation } from 'react-i18next'
import type { OrderState } from '../lib/api-types'

const TONES: Record<OrderState, string> = { pending: 'badge-upcoming', paid: 'badge-success', failed: 'badge-danger', refunded: 'badge-finished' }

export function OrderStateBadge({ state }: { state: OrderState }) {
  const { t } = useTranslation()
  return (
    <span className={`badge ${TONES[state]}`} data-testid="order-state" data-state={state}>
      {t(`orderState.${state}`)}
    </span>
  )
}
