//! Claiming and paying a won item, or a Buy It Now: the delivery method (with its fee and terms),
//! the address when the item is brought, the phone (the profile's by default), the total, and how
//! to pay (QR first, or card: `paymentMethod`). "Pay" sends the choice (`POST
//! /api/claims/{id}/delivery`, or for a new Buy It Now `POST /api/auctions/{id}/buy-now`; both
//! answer an order to pay). By QR it then goes, in this tab, to the order's page (`/pay/{orderId}`).
//! By card it opens the payment tab on the click itself (popup blockers let that through) and sends
//! it to the card provider's page once the order exists; the dialog then shows that order's state
//! live (`orderUpdate`).
import * as Dialog from '@radix-ui/react-dialog'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import type { UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { DialogFrame } from './dialog-frame'
import { FormField, describedBy, useMessage } from './form-field'
import { OrderStateBadge } from './order-state-badge'
import { PayMethodChoice, usePayMethod } from './pay-method-choice'
import { PhoneInput } from './phone-input'
import { api, dataOf, messageOf } from '../lib/api'
import type { Claim, DeliveryOption, Order } from '../lib/api-types'
import { applyServerFieldErrors } from '../lib/forms'
import { paysInThisTab } from '../lib/pay-method'
import { openPaymentTab } from '../lib/payments'
import type { PaymentTab } from '../lib/payments'
import { queryKeys, rememberOrder, userOrderQuery } from '../lib/queries'
import { currentUserAtom } from '../lib/session'
import { useToast } from '../lib/toast'
import { DELIVERY_METHODS, claimTotal, deliveryDefaults, deliveryPayload, deliverySchema, feeOf, needsAddress } from '../lib/delivery-schema'
import type { DeliveryPayload, DeliveryValues } from '../lib/delivery-schema'
import { useMoney } from '../lib/money'
import './dialog-frame.css'

const FIELDS = ['method', 'address', 'phone'] as const

/** What the form shows of the item: its title and price, and an earlier delivery choice. */
export type Claimable = Pick<Claim, 'id' | 'title' | 'price' | 'deliveryMethod' | 'address' | 'phone'>

/** Sends the delivery choice; answers the order that pays for the item. */
export type SendDelivery = (body: DeliveryPayload) => Promise<{ order: Order }>

interface Props {
  claim: Claimable | null
  deliveryMethods: readonly DeliveryOption[]
  onClose: () => void
  /** How the choice is sent: by default to the claim's own `/delivery`. */
  send?: SendDelivery
}

export function ClaimDialog({ claim, deliveryMethods, onClose, send }: Props) {
  const { t } = useTranslation()
  const [placed, setPlaced] = useState<{ orderId: number; blockedUrl: string | null } | null>(null)
  const close = () => {
    setPlaced(null)
    onClose()
  }
  return (
    <DialogFrame open={claim !== null} onClose={close} title={t('claims.dialogTitle')} description={claim?.title} testId="claim-dialog">
      {claim && !placed && <ClaimForm key={claim.id} claim={claim} deliveryMethods={deliveryMethods} onPlaced={setPlaced} sendTo={send} />}
      {placed && <PlacedOrder orderId={placed.orderId} blockedUrl={placed.blockedUrl} />}
    </DialogFrame>
  )
}

interface FormProps {
  claim: Claimable
  deliveryMethods: readonly DeliveryOption[]
  onPlaced: (placed: { orderId: number; blockedUrl: string | null }) => void
  sendTo?: SendDelivery
}

/** After the order is made: our own QR page in this tab (the dialog goes with the page it was
 * opened on), or the card provider's page in the tab opened on the click, the dialog then showing
 * the order live. */
function useGoPay(onPlaced: FormProps['onPlaced']) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (order: Order, tab: PaymentTab | null) => {
    rememberOrder(queryClient, order)
    void queryClient.invalidateQueries({ queryKey: queryKeys.userClaims })
    if (paysInThisTab(order)) {
      void navigate(order.paymentUrl)
      return
    }
    const opened = tab?.go(order.paymentUrl) ?? false
    onPlaced({ orderId: order.id, blockedUrl: opened ? null : order.paymentUrl })
  }
}

function ClaimForm({ claim, deliveryMethods, onPlaced, sendTo }: FormProps) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const queryClient = useQueryClient()
  const user = useAtomValue(currentUserAtom)
  const goPay = useGoPay(onPlaced)
  const { money } = useMoney()
  const [payMethod, setPayMethod] = usePayMethod()
  const send = useMutation({
    mutationFn: (values: DeliveryValues) => {
      const body = { ...deliveryPayload(values), paymentMethod: payMethod }
      return sendTo ? sendTo(body) : dataOf(api.POST('/api/claims/{id}/delivery', { params: { path: { id: claim.id } }, body }))
    },
  })
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeliveryValues>({ resolver: zodResolver(deliverySchema), defaultValues: deliveryDefaults(claim, user?.phone) })
  const method = useWatch({ control, name: 'method' })
  const fee = feeOf(deliveryMethods, method)
  const err = (field: keyof DeliveryValues) => errors[field]?.message

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // A card's tab opens inside the click (a later one would be blocked), and only for a valid form.
    const tab = payMethod === 'card' && deliverySchema.safeParse(getValues()).success ? openPaymentTab() : null
    void handleSubmit(
      async (values) => {
        try {
          const { order } = await send.mutateAsync(values)
          goPay(order, tab)
        } catch (cause) {
          tab?.close()
          applyServerFieldErrors(cause, setError, FIELDS)
          void queryClient.invalidateQueries({ queryKey: queryKeys.userClaims })
          toast({ title: t('common.error'), description: messageOf(cause, t('claims.payFailed')), variant: 'destructive' })
        }
      },
      () => tab?.close(),
    )(event)
  }

  return (
    <form onSubmit={submit} noValidate className="form" data-testid="claim-form">
      <DeliveryMethods register={register} method={method} deliveryMethods={deliveryMethods} error={err('method')} />
      {needsAddress(method) && (
        <FormField id="cf-address" label={t('claims.form.address')} error={err('address')} hint={t(`claims.form.addressHint.${method}`)} required>
          <textarea id="cf-address" className="input" rows={2} autoComplete="street-address" {...describedBy('cf-address', err('address'), true)} {...register('address')} />
        </FormField>
      )}
      <FormField id="cf-phone" label={t('claims.form.phone')} error={err('phone')} hint={t('claims.form.phoneHint')} required>
        <Controller
          control={control}
          name="phone"
          render={({ field }) => <PhoneInput id="cf-phone" aria={describedBy('cf-phone', err('phone'), true)} {...field} />}
        />
      </FormField>
      <ClaimSummary price={claim.price} fee={fee} />
      <PayMethodChoice name="claim-pay-method" value={payMethod} onChange={setPayMethod} disabled={isSubmitting} />
      <p className="muted small">{t(payMethod === 'qr' ? 'claims.payNoteQr' : 'claims.payNote')}</p>
      <div className="dialog-actions">
        <Dialog.Close type="button" className="btn btn-outline">
          {t('common.cancel')}
        </Dialog.Close>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} data-testid="claim-submit">
          {isSubmitting ? t('claims.paying') : t('claims.pay', { amount: money(claimTotal(claim.price, fee)) })}
        </button>
      </div>
    </form>
  )
}

interface DeliveryMethodsProps {
  register: UseFormRegister<DeliveryValues>
  /** The method chosen now. */
  method: DeliveryValues['method']
  deliveryMethods: readonly DeliveryOption[]
  error: string | undefined
}

/** The delivery methods to choose from, each with its terms and fee. */
function DeliveryMethods({ register, method, deliveryMethods, error }: DeliveryMethodsProps) {
  const { t } = useTranslation()
  const message = useMessage()
  const { money } = useMoney()
  return (
    <fieldset className="delivery-methods" aria-describedby={error ? 'cf-method-error' : undefined}>
      <legend className="field-label">{t('claims.form.method')}</legend>
      {DELIVERY_METHODS.map((value) => {
        const methodFee = feeOf(deliveryMethods, value)
        return (
          <label key={value} className={`delivery-option${method === value ? ' is-selected' : ''}`} data-testid={`delivery-${value}`}>
            <input type="radio" value={value} {...register('method')} />
            <span className="delivery-text">
              <strong>{t(`claims.methods.${value}.title`)}</strong>
              <span className="muted small">{t(`claims.methods.${value}.details`)}</span>
            </span>
            <span className="delivery-fee">{methodFee > 0 ? money(methodFee) : t('claims.free')}</span>
          </label>
        )
      })}
      {error && (
        <p className="field-error" id="cf-method-error" role="alert">
          {message(error)}
        </p>
      )}
    </fieldset>
  )
}

/** The item's price, the delivery fee and their total. */
function ClaimSummary({ price, fee }: { price: number; fee: number }) {
  const { t } = useTranslation()
  const { money } = useMoney()
  return (
    <dl className="claim-summary" data-testid="claim-summary">
      <div>
        <dt>{t('claims.price')}</dt>
        <dd>{money(price)}</dd>
      </div>
      <div>
        <dt>{t('claims.deliveryFee')}</dt>
        <dd data-testid="claim-fee">{fee > 0 ? money(fee) : t('claims.free')}</dd>
      </div>
      <div className="claim-summary-total">
        <dt>{t('claims.total')}</dt>
        <dd data-testid="claim-form-total">{money(claimTotal(price, fee))}</dd>
      </div>
    </dl>
  )
}

/** The order just made for the item, live: awaiting payment in the other tab, then paid or not. */
function PlacedOrder({ orderId, blockedUrl }: { orderId: number; blockedUrl: string | null }) {
  const { t } = useTranslation()
  const { data } = useQuery({ ...userOrderQuery(orderId), refetchOnWindowFocus: (query) => (query.state.data?.order.state === 'pending' ? 'always' : false) })
  const order = data?.order
  return (
    <section className={`current-order claim-order is-${order?.state ?? 'pending'}`} data-testid="claim-order" aria-live="polite">
      <div className="current-order-head">
        <h3 className="card-title">{t('topup.current.title', { id: orderId })}</h3>
        {order && <OrderStateBadge state={order.state} />}
      </div>
      <p>{t(`claims.order.${order?.state ?? 'pending'}`)}</p>
      <div className="dialog-actions">
        {order?.state === 'pending' && blockedUrl && (
          <a className="btn btn-primary" href={blockedUrl} target="_blank" rel="noopener noreferrer" data-testid="claim-open-payment-tab">
            {t('topup.openPayment')}
          </a>
        )}
        <Dialog.Close type="button" className="btn btn-outline" data-testid="claim-order-close">
          {t('common.close')}
        </Dialog.Close>
      </div>
    </section>
  )
}
