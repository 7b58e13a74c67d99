//! The demo provider's stand-in for a bank app, shown only for a demo QR link (no bank can pay
//! it): "Pay" and "Fail" post the outcome to `POST /api/payments/demo/{orderId}`, which settles the
//! order exactly as a bank's confirmation would, so a local run can finish a QR payment.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api, dataOf, messageOf } from '../../lib/api'
import { rememberOrder } from '../../lib/queries'
import { useToast } from '../../lib/toast'

type Outcome = 'paid' | 'failed'

export function DemoBox({ orderId }: { orderId: number }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const queryClient = useQueryClient()
  const settle = useMutation({
    mutationFn: (outcome: Outcome) => dataOf(api.POST('/api/payments/demo/{orderId}', { params: { path: { orderId } }, body: { outcome } })),
    onSuccess: ({ order }) => rememberOrder(queryClient, order),
    onError: (error) => toast({ title: t('common.error'), description: messageOf(error, t('demoPay.actionFailed')), variant: 'destructive' }),
  })
  const label = (outcome: Outcome) => (settle.isPending && settle.variables === outcome ? t('demoPay.sending') : t(outcome === 'paid' ? 'demoPay.pay' : 'demoPay.fail'))
  return (
    <section className="qr-demo" aria-labelledby="qr-demo-title" data-testid="qr-demo">
      <h2 className="qr-demo-title" id="qr-demo-title">
        {t('qrPay.demoTitle')}
      </h2>
      <p className="muted small">{t('qrPay.demoText')}</p>
      <div className="button-row">
        <button type="button" className="btn btn-primary" disabled={settle.isPending} onClick={() => settle.mutate('paid')} data-testid="qr-demo-pay">
          {label('paid')}
        </button>
        <button type="button" className="btn btn-outline" disabled={settle.isPending} onClick={() => settle.mutate('failed')} data-testid="qr-demo-fail">
          {label('failed')}
        </button>
      </div>
    </section>
  )
}
