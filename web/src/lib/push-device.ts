//! This browser as a push device (issue 43, Web Push): whether it can get push at all, the
//! server's VAPID key as the bytes `PushManager.subscribe` takes, and turning push on and off here,
//! which keeps two things together: the browser's subscription (held by the service worker's
//! registration, src/sw/sw.ts shows what arrives) and the account's device list
//! (`/api/me/push-subscriptions`). The profile's push card uses it; logging out calls
//! `forgetThisDevice`, loading this module only then (lib/use-logout.ts). No React here.
import { api, dataOf } from './api'
import type { PushDevice, PushSubscriptionBody } from './api-types'
import { isIos } from './install-prompt'

/** Whether this browser can get push: yes; an iPhone or iPad outside the Home Screen app (iOS
 * has push only there, from 16.4); or not at all. */
export type PushSupport = 'supported' | 'ios' | 'unsupported'

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return 'unsupported'
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported'
  return isIos({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0 }) ? 'ios' : 'unsupported'
}

/** Why push could not be turned on here (the server's refusals are `ApiError`s instead). */
export type PushFailure = 'denied' | 'dismissed' | 'no_worker' | 'no_keys'

export class PushDeviceError extends Error {
  readonly code: PushFailure

  constructor(code: PushFailure) {
    super(code)
    this.name = 'PushDeviceError'
    this.code = code
  }
}

/** How long "turn on" waits for the service worker (none in `vite` dev, or a failed install). */
export const WORKER_WAIT_MS = 10_000

/** `BNcRdreA…` (base64url, padded or not) → its bytes: the key as `applicationServerKey`. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** Whether the key a subscription was made with is `key`, byte for byte. A browser that does not
 * say (`applicationServerKey: null`) is taken at its word that nothing changed. */
export function madeWithKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const held = subscription.options?.applicationServerKey
  if (!held) return true
  const bytes = new Uint8Array(held)
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index])
}

/** The subscription as the server takes it (`toJSON()`: the endpoint, its end, its two keys). */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const { endpoint, expirationTime, keys } = subscription.toJSON()
  const p256dh = keys?.p256dh
  const auth = keys?.auth
  if (!endpoint || !p256dh || !auth) throw new PushDeviceError('no_keys')
  return { endpoint, expirationTime: expirationTime ?? null, keys: { p256dh, auth } }
}

/** The service worker's registration as it is now, without waiting for one (`null`: none). */
async function registrationNow(): Promise<ServiceWorkerRegistration | null> {
  if (pushSupport() !== 'supported') return null
  try {
    return (await navigator.serviceWorker.getRegistration()) ?? null
  } catch {
    return null
  }
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await registrationNow()
  try {
    return (await registration?.pushManager.getSubscription()) ?? null
  } catch {
    return null
  }
}

/** The active service worker's registration; `no_worker` after `wait` ms without one. */
async function readyRegistration(wait: number): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushDeviceError('no_worker')), wait)
  })
  try {
    return await Promise.race([navigator.serviceWorker.ready, late])
  } finally {
    clearTimeout(timer)
  }
}

/** The subscription for `key`: the one held, or a new one (one made with another key first goes:
 * the browser holds one per worker). */
async function subscribeWith(registration: ServiceWorkerRegistration, key: Uint8Array<ArrayBuffer>): Promise<PushSubscription> {
  const held = await registration.pushManager.getSubscription()
  if (held && madeWithKey(held, key)) return held
  if (held) await held.unsubscribe()
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
}

/** `POST /api/me/push-subscriptions`: adds the subscription to the account's devices. */
export function addDevice(subscription: PushSubscription): Promise<PushDevice> {
  return dataOf(api.POST('/api/me/push-subscriptions', { body: subscriptionBody(subscription) }))
}

/** `DELETE /api/me/push-subscriptions`: takes a device off the account (no-op if not there). */
export async function removeDevice(endpoint: string): Promise<void> {
  await dataOf(api.DELETE('/api/me/push-subscriptions', { body: { endpoint } }))
}

/**
 * "Turn on notices on this device" (call it from the click: a browser asks for permission only
 * then): the permission, the service worker, a subscription with the server's `publicKey`, and
 * the account's device. Throws a `PushDeviceError` (refused, dismissed, no worker) or the server's
 * `ApiError` (ten devices already, an endpoint it does not take).
 */
export async function turnOnThisDevice(publicKey: string, wait = WORKER_WAIT_MS): Promise<PushDevice> {
  const permission = await Notification.requestPermission()
  if (permission === 'denied') throw new PushDeviceError('denied')
  if (permission !== 'granted') throw new PushDeviceError('dismissed')
  const registration = await readyRegistration(wait)
  return addDevice(await subscribeWith(registration, base64UrlToBytes(publicKey)))
}

/** "Turn off on this device": off the account first (a failure throws, and nothing changed), then
 * the browser's subscription. */
export async function turnOffThisDevice(subscription: PushSubscription): Promise<void> {
  await removeDevice(subscription.endpoint)
  await subscription.unsubscribe().catch(() => false)
}

/**
 * Key rotation: a subscription made with another key than the server's gets nothing (the push
 * service refuses the server's signature). With the permission already granted (no prompt outside
 * a click), it goes; when it was one of `ownEndpoints` (the account's devices) this browser
 * subscribes with the new key and is added again, silently. Says whether anything changed.
 */
export async function renewIfKeyChanged(publicKey: string, ownEndpoints: readonly string[]): Promise<boolean> {
  if (pushSupport() !== 'supported' || Notification.permission !== 'granted') return false
  const registration = await registrationNow()
  const held = await registration?.pushManager.getSubscription()
  const key = base64UrlToBytes(publicKey)
  if (!registration || !held || madeWithKey(held, key)) return false
  const own = ownEndpoints.includes(held.endpoint)
  if (own) await removeDevice(held.endpoint).catch(() => undefined)
  await held.unsubscribe()
  if (own) await addDevice(await subscribeWith(registration, key))
  return true
}

/** Before logging out: this browser's subscription off the account (failures ignored: the session
 * ends anyway) and out of the browser, so the next person here gets no one else's notices. */
export async function forgetThisDevice(): Promise<void> {
  const subscription = await currentSubscription()
  if (!subscription) return
  await removeDevice(subscription.endpoint).catch(() => undefined)
  await subscription.unsubscribe().catch(() => false)
}

/** What "this device" shows: why it cannot have push, that the browser refused it, on, or off. */
export type ThisDeviceState = 'ios' | 'unsupported' | 'denied' | 'on' | 'off'

/** This browser as the card reads it (`readThisDevice`). */
export interface ThisDevice {
  support: PushSupport
  permission: NotificationPermission | null
  subscription: PushSubscription | null
}

export async function readThisDevice(): Promise<ThisDevice> {
  const support = pushSupport()
  if (support !== 'supported') return { support, permission: null, subscription: null }
  return { support, permission: Notification.permission, subscription: await currentSubscription() }
}

/** On: this browser is subscribed and its endpoint is one of the account's `devices`. */
export function thisDeviceState(device: ThisDevice, devices: readonly Pick<PushDevice, 'endpoint'>[]): ThisDeviceState {
  if (device.support !== 'supported') return device.support
  if (device.permission === 'denied') return 'denied'
  const endpoint = device.subscription?.endpoint
  return endpoint !== undefined && devices.some((known) => known.endpoint === endpoint) ? 'on' : 'off'
}
