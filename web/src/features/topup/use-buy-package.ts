//! The buy button. By QR: creates the order (`POST /api/payments/orders` with `method: 'qr'`) and
//! goes, in this tab, to its payment page (`/pay/{orderId}`: the QR code and the bank apps). By
//! card: opens the payment tab on the click itself (a tab opened after the request would be
//! blocked as a popup), creates the order, then sends the tab to the card provider's page; when the
//! browser blocked the tab anyway, the page offers the link instead. The amount always comes from
//! the server's catalogue.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { api, dataOf, isApiError, messageOf } from '../../lib/api'
import type { PayMethod } from '../../lib/pay-method'
import { paysInThisTab } from '../../lib/pay-method'
import { openPaymentTab } from '../../lib/payments'
import { rememberOrder } from '../../lib/queries'
import { useToast } from '../../lib/toast'

export interface BuyState {
  buy: (packageId: number, method: PayMethod) => void
  /** The package whose order is being created. */
  buyingId: number | null
  /** The order made last on this page (its state follows the socket). */
  orderId: number | null
  /** The payment page to open by hand: set when the browser blocked the tab. */
  blockedUrl: string | null
  /** The server's words when QR payments could not be opened (`qr_unavailable`): the card is
   * still there. */
  qrUnavailable: string | null
}

export function useBuyPackage(): BuyState {
  const { t } = useTranslation()
  const { toast } = useToast()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [orderId, setOrderId] = useState<number | null>(null)
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null)
  const [qrUnavailable, setQrUnavailable] = useState<string | null>(null)
  const create = useMutation({
    mutationFn: ({ packageId, method }: { packageId: number; method: PayMethod }) => dataOf(api.POST('/api/payments/orders', { body: { packageId, method } })),
  })

  function buy(packageId: number, method: PayMethod) {
    const tab = method === 'card' ? openPaymentTab() : null
    setBlockedUrl(null)
    setQrUnavailable(null)
    create.mutate(
      { packageId, method },
      {
        onSuccess: ({ order }) => {
          rememberOrder(queryClient, order)
          setOrderId(order.id)
          if (paysInThisTab(order)) void navigate(order.paymentUrl)
          else if (!tab?.go(order.paymentUrl)) setBlockedUrl(order.paymentUrl)
        },
        onError: (error) => {
          tab?.close()
          if (isApiError(error) && error.code === 'qr_unavailable') setQrUnavailable(messageOf(error, t('payMethod.qrUnavailable')))
          toast({ title: t('common.error'), description: messageOf(error, t('topup.buyFailed')), variant: 'destructive' })
        },
      },
    )
  }

  const buyingId = create.isPending ? (create.variables?.packageId ?? null) : null
  return { buy, buyingId, orderId, blockedUrl, qrUnavailable }
}
