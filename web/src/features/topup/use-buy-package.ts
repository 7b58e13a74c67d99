//! The buy button: opens the payment tab on the click itself (a tab opened after the request would
//! be blocked as a popup), creates the order (`POST /api/payments/orders`; the amount comes from
//! the server's catalogue), then sends the tab to the order's payment page. When the browser
//! blocked the tab anyway, the page offers the link instead.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, dataOf, messageOf } from '../../lib/api'
import { openPaymentTab } from '../../lib/payments'
import { rememberOrder } from '../../lib/queries'
import { useToast } from '../../lib/toast'

export interface BuyState {
  buy: (packageId: number) => void
  /** The package whose order is being created. */
  buyingId: number | null
  /** The order made last on this page (its state follows the socket). */
  orderId: number | null
  /** The payment page to open by hand: set when the browser blocked the tab. */
  blockedUrl: string | null
}

export function useBuyPackage(): BuyState {
  const { t } = useTranslation()
  const { toast } = useToast()
  const queryClient = useQueryClient()
  const [orderId, setOrderId] = useState<number | null>(null)
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null)
  const create = useMutation({
    mutationFn: (packageId: number) => dataOf(api.POST('/api/payments/orders', { body: { packageId } })),
  })

  function buy(packageId: number) {
    const tab = openPaymentTab()
    setBlockedUrl(null)
    create.mutate(packageId, {
      onSuccess: ({ order }) => {
        rememberOrder(queryClient, order)
        setOrderId(order.id)
        if (!tab.go(order.paymentUrl)) setBlockedUrl(order.paymentUrl)
      },
      onError: (error) => {
        tab.close()
        toast({ title: t('common.error'), description: messageOf(error, t('topup.buyFailed')), variant: 'destructive' })
      },
    })
  }

  return { buy, buyingId: create.isPending ? (create.variables ?? null) : null, orderId, blockedUrl }
}
