//! The profile's push card (issue 43, Web Push), shown only when the site sends push (`GET
//! /api/push/vapid-key`). "This device": a button that turns notices on here (the browser's
//! permission, asked on the click; a subscription with the server's key; the account's device:
//! lib/push-device.ts), "on" with a button that turns them off, or why it cannot be: the browser
//! refused (and where to allow it), an iPhone outside the Home Screen app, no push in this browser.
//! Then the account's devices, newest first, this one marked, each removed after a confirmation. A
//! device added or removed changes where notices can go (the server turns push on for a win, an
//! item passed on, an outbid and a watched start when the first one comes): the notices card asks
//! again. A subscription made with an old server key is renewed silently when the card opens.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { BellRing, Smartphone } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../../components/confirm-dialog'
import { Spinner } from '../../components/spinner'
import { messageOf } from '../../lib/api'
import type { PushDevice } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import {
  PushDeviceError,
  readThisDevice,
  removeDevice,
  renewIfKeyChanged,
  thisDeviceState,
  turnOffThisDevice,
  turnOnThisDevice,
  type ThisDevice,
  type ThisDeviceState,
} from '../../lib/push-device'
import { pushKeyQuery, queryKeys, userPushDevicesQuery } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import './push-devices-card.css'

/** This browser's permission and subscription: the browser's, not the server's, so read afresh
 * each time the card is shown (the permission may have changed in the site settings meanwhile). */
const THIS_DEVICE_KEY = ['push', 'this-device'] as const
const thisDeviceQuery = () => queryOptions({ queryKey: THIS_DEVICE_KEY, queryFn: readThisDevice, staleTime: 0 })

/** What a browser without anything to say reads as. */
const NO_PUSH: ThisDevice = { support: 'unsupported', permission: null, subscription: null }

export function PushDevicesCard() {
  const { t } = useTranslation()
  const key = useQuery(pushKeyQuery())
  if (!key.data) return null
  return (
    <section className="card push-card" id="push-devices" aria-labelledby="push-title" data-testid="push-card">
      <h2 className="card-title" id="push-title">
        <Smartphone aria-hidden="true" /> {t('push.title')}
      </h2>
      <p className="muted small">{t('push.intro')}</p>
      <PushBody publicKey={key.data} />
    </section>
  )
}

/** Asks again for this browser, the devices and the notice settings (push may now reach the user
 * or no longer). */
function usePushRefresh() {
  const client = useQueryClient()
  return useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: THIS_DEVICE_KEY }),
      client.invalidateQueries({ queryKey: queryKeys.userPushDevices }),
      client.invalidateQueries({ queryKey: queryKeys.userNotices }),
    ])
  }, [client])
}

/** Once per visit, with the permission granted: a subscription made with another key goes, and
 * comes back with the server's if it was one of the account's devices. */
function useKeyRotation(publicKey: string, here: ThisDevice | undefined, devices: PushDevice[] | undefined) {
  const refresh = usePushRefresh()
  const tried = useRef(false)
  useEffect(() => {
    if (tried.current || !devices || !here?.subscription || here.permission !== 'granted') return
    tried.current = true
    const own = devices.map((device) => device.endpoint)
    const renewed = renewIfKeyChanged(publicKey, own).catch(() => true)
    void renewed.then((changed) => (changed ? refresh() : undefined))
  }, [publicKey, here, devices, refresh])
}

function PushBody({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation()
  const here = useQuery(thisDeviceQuery())
  const devices = useQuery(userPushDevicesQuery())
  useKeyRotation(publicKey, here.data, devices.data)
  if (here.isPending || devices.isPending) return <Spinner />
  if (devices.isError) return <p className="field-error">{messageOf(devices.error, t('push.loadFailed'))}</p>
  const browser = here.data ?? NO_PUSH
  return (
    <div className="push-body">
      <section className="push-here" aria-labelledby="push-here-title" data-testid="push-here">
        <h3 className="push-subtitle" id="push-here-title">
          {t('push.thisDevice')}
        </h3>
        <ThisDeviceBlock publicKey={publicKey} state={thisDeviceState(browser, devices.data)} subscription={browser.subscription} />
      </section>
      <DeviceList devices={devices.data} subscription={browser.subscription} />
    </div>
  )
}

/** The words for a failure to turn push on: ours for the browser's, the server's for its own. */
function failureText(cause: unknown, t: TFunction): string {
  if (cause instanceof PushDeviceError) return t(`push.error.${cause.code}`)
  if (cause instanceof DOMException) return t('push.error.browser')
  return messageOf(cause, t('common.error'))
}

interface ThisDeviceProps {
  publicKey: string
  state: ThisDeviceState
  subscription: PushSubscription | null
}

function ThisDeviceBlock({ publicKey, state, subscription }: ThisDeviceProps) {
  const { t } = useTranslation()
  if (state === 'ios' || state === 'unsupported') {
    return (
      <p className="small" data-testid={`push-${state}`}>
        {t(`push.${state}`)}
      </p>
    )
  }
  if (state === 'denied') {
    return (
      <div className="push-denied" data-testid="push-denied">
        <p className="push-state">{t('push.denied')}</p>
        <p className="muted small">{t('push.deniedHow')}</p>
      </div>
    )
  }
  if (state === 'on' && subscription) return <On subscription={subscription} />
  return <TurnOn publicKey={publicKey} />
}

function TurnOn({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const refresh = usePushRefresh()
  const [busy, setBusy] = useState(false)

  // Not through a mutation: the permission prompt is asked for within the click itself, as
  // Safari requires.
  const start = async () => {
    setBusy(true)
    try {
      await turnOnThisDevice(publicKey)
      toast({ title: t('push.turnedOn') })
    } catch (cause) {
      // Refused: the card now says how to allow it.
      if (!(cause instanceof PushDeviceError && cause.code === 'denied')) {
        toast({ title: t('push.failed'), description: failureText(cause, t), variant: 'destructive' })
      }
    } finally {
      await refresh()
      setBusy(false)
    }
  }

  return (
    <>
      <p className="muted small">{t('push.offHere')}</p>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void start()} data-testid="push-turn-on">
        {busy ? t('push.turningOn') : t('push.turnOn')}
      </button>
    </>
  )
}

function On({ subscription }: { subscription: PushSubscription }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const refresh = usePushRefresh()
  const off = useMutation({ mutationFn: () => turnOffThisDevice(subscription), onSettled: refresh })

  const stop = async () => {
    try {
      await off.mutateAsync()
      toast({ title: t('push.turnedOff') })
    } catch (cause) {
      toast({ title: t('push.offFailed'), description: messageOf(cause, t('common.error')), variant: 'destructive' })
    }
  }

  return (
    <>
      <p className="push-state" role="status" data-testid="push-on">
        <BellRing aria-hidden="true" /> {t('push.on')}
      </p>
      <button type="button" className="btn btn-outline" disabled={off.isPending} onClick={() => void stop()} data-testid="push-turn-off">
        {t('push.turnOff')}
      </button>
    </>
  )
}

interface DeviceListProps {
  devices: PushDevice[]
  /** This browser's subscription: its device is marked, and removing it unsubscribes here too. */
  subscription: PushSubscription | null
}

function DeviceList({ devices, subscription }: DeviceListProps) {
  const { t, i18n } = useTranslation()
  const { toast } = useToast()
  const { confirm, dialog } = useConfirm()
  const refresh = usePushRefresh()
  const isHere = (device: PushDevice) => subscription?.endpoint === device.endpoint
  const remove = useMutation({
    mutationFn: (device: PushDevice) => (subscription && isHere(device) ? turnOffThisDevice(subscription) : removeDevice(device.endpoint)),
    onSettled: refresh,
  })

  const ask = async (device: PushDevice) => {
    const ok = await confirm({
      title: t('push.removeConfirm'),
      description: t('push.removeText', { device: device.device }),
      confirmLabel: t('push.remove'),
      destructive: true,
    })
    if (!ok) return
    try {
      await remove.mutateAsync(device)
      toast({ title: t('push.removed') })
    } catch (cause) {
      toast({ title: t('push.removeFailed'), description: messageOf(cause, t('common.error')), variant: 'destructive' })
    }
  }

  return (
    <section className="push-devices" aria-labelledby="push-devices-title">
      <h3 className="push-subtitle" id="push-devices-title">
        {t('push.devices')} <span className="badge">{devices.length}</span>
      </h3>
      {devices.length === 0 && (
        <p className="muted small" data-testid="push-devices-empty">
          {t('push.devicesEmpty')}
        </p>
      )}
      <ul className="push-list">
        {devices.map((device) => (
          <li key={device.endpoint} className="push-device" data-testid="push-device">
            <div className="push-device-text">
              <strong>{device.device}</strong>
              {isHere(device) && (
                <span className="badge" data-testid="push-device-here">
                  {t('push.here')}
                </span>
              )}
              <span className="muted small block">{t('push.addedAt', { date: formatDateTime(device.addedAt, i18n.language) })}</span>
            </div>
            <button
              type="button"
              className="btn btn-small btn-danger-outline"
              aria-label={t('push.removeLabel', { device: device.device })}
              disabled={remove.isPending}
              onClick={() => void ask(device)}
              data-testid="push-device-remove"
            >
              {t('push.remove')}
            </button>
          </li>
        ))}
      </ul>
      {dialog}
    </section>
  )
}
