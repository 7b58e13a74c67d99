//! Marking a paid won item shipped, with the carrier's tracking note (optional); the winner's bell
//! shows it at once.
import * as Dialog from '@radix-ui/react-dialog'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { DialogFrame } from '../../components/dialog-frame'
import { FormField, describedBy } from '../../components/form-field'
import { api, dataOf, messageOf } from '../../lib/api'
import type { AdminClaim } from '../../lib/api-types'
import { applyServerFieldErrors } from '../../lib/forms'
import { queryKeys } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { useAdminRefresh } from '../../lib/use-admin-refresh'
import { TRACKING_MAX, shipPayload, shipSchema } from './ship-schema'
import type { ShipValues } from './ship-schema'
import '../../components/dialog-frame.css'

export function ShipDialog({ claim, onClose }: { claim: AdminClaim | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <DialogFrame open={claim !== null} onClose={onClose} title={t('adminClaims.ship.title')} description={claim ? `${claim.title} · ${claim.username}` : ''} testId="ship-dialog">
      {claim && <ShipForm key={claim.id} claim={claim} onDone={onClose} />}
    </DialogFrame>
  )
}

function ShipForm({ claim, onDone }: { claim: AdminClaim; onDone: () => void }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const refresh = useAdminRefresh()
  const ship = useMutation({
    mutationFn: (values: ShipValues) => dataOf(api.POST('/api/admin/claims/{id}/ship', { params: { path: { id: claim.id } }, body: shipPayload(values) })),
  })
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ShipValues>({ resolver: zodResolver(shipSchema), defaultValues: { tracking: claim.tracking ?? '' } })
  const message = errors.tracking?.message

  const onSubmit = handleSubmit(async (values) => {
    try {
      await ship.mutateAsync(values)
      toast({ title: t('adminClaims.toast.shipped'), description: claim.title })
      void refresh([queryKeys.adminClaims])
      onDone()
    } catch (cause) {
      applyServerFieldErrors(cause, setError, ['tracking'])
      void refresh([queryKeys.adminClaims])
      toast({ title: t('common.error'), description: messageOf(cause, t('adminClaims.toast.failed')), variant: 'destructive' })
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="form" data-testid="ship-form">
      <dl className="info-grid">
        <div>
          <dt className="muted small">{t('claims.delivery')}</dt>
          <dd>{claim.deliveryMethod ? t(`claims.methods.${claim.deliveryMethod}.title`) : '—'}</dd>
        </div>
        <div>
          <dt className="muted small">{t('claims.address')}</dt>
          <dd>{claim.address ?? '—'}</dd>
        </div>
        <div>
          <dt className="muted small">{t('claims.phone')}</dt>
          <dd>{claim.phone ?? '—'}</dd>
        </div>
      </dl>
      <FormField id="ship-tracking" label={t('adminClaims.ship.tracking')} error={message} hint={t('adminClaims.ship.trackingHint', { max: TRACKING_MAX })}>
        <textarea id="ship-tracking" className="input" rows={2} maxLength={TRACKING_MAX + 50} {...describedBy('ship-tracking', message, true)} {...register('tracking')} data-testid="ship-tracking" />
      </FormField>
      <div className="dialog-actions">
        <Dialog.Close type="button" className="btn btn-outline">
          {t('common.cancel')}
        </Dialog.Close>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} data-testid="ship-save">
          {isSubmitting ? t('common.saving') : t('adminClaims.ship.save')}
        </button>
      </div>
    </form>
  )
}
