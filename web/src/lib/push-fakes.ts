//! Stand-ins for the browser's push objects, for tests (jsdom has none): `Notification` with the
//! permission and the answer its prompt gives, `PushManager`, and `navigator.serviceWorker` whose
//! registration's push manager holds at most one subscription, as a browser's does.
//! `installFakePush()` puts them in place and returns them; `removeFakePush()` takes them away.

/** The key a fake subscription is made with when a test does not say (65 bytes, like a P-256 point). */
export const OLD_KEY = new Uint8Array(65).fill(7)

interface FakePushOptions {
  /** `Notification.permission` now (`default` unless said). */
  permission?: NotificationPermission
  /** What the permission prompt answers (`granted` unless said). */
  answer?: NotificationPermission
  /** Whether a service worker is registered and active (`true` unless said). */
  worker?: boolean
  /** A subscription the browser already holds, made with `key` (`OLD_KEY` unless said). */
  subscribed?: { endpoint: string; key?: Uint8Array }
}

/** A browser's subscription: its endpoint, the key it was made with, keys `toJSON()` gives. */
export class FakeSubscription {
  readonly endpoint: string
  readonly options: { userVisibleOnly: boolean; applicationServerKey: ArrayBuffer }
  unsubscribed = false
  private readonly push: FakePush

  constructor(push: FakePush, endpoint: string, key: Uint8Array) {
    this.push = push
    this.endpoint = endpoint
    this.options = { userVisibleOnly: true, applicationServerKey: Uint8Array.from(key).buffer }
  }

  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'BPublicKeyOfTheBrowser', auth: 'AuthSecret' } }
  }

  async unsubscribe(): Promise<boolean> {
    if (this.push.subscription === this) this.push.subscription = null
    this.unsubscribed = true
    return true
  }
}

const sameBytes = (a: ArrayBuffer, b: Uint8Array) => {
  const bytes = new Uint8Array(a)
  return bytes.length === b.length && bytes.every((byte, index) => byte === b[index])
}

/** The fake browser: what it holds, and what was asked of it. */
export class FakePush {
  permission: NotificationPermission
  answer: NotificationPermission
  subscription: FakeSubscription | null = null
  /** How many times the permission prompt was shown. */
  prompts = 0
  /** The `applicationServerKey` of each `subscribe`. */
  subscribes: Uint8Array[] = []
  private made = 0

  readonly registration = {
    pushManager: {
      getSubscription: async () => this.subscription,
      subscribe: async ({ applicationServerKey }: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
        this.subscribes.push(applicationServerKey)
        if (this.subscription) {
          if (sameBytes(this.subscription.options.applicationServerKey, applicationServerKey)) return this.subscription
          throw new DOMException('A subscription with a different applicationServerKey already exists.', 'InvalidStateError')
        }
        this.made += 1
        this.subscription = new FakeSubscription(this, `https://push.example.net/send/new-${this.made}`, applicationServerKey)
        return this.subscription
      },
    },
  }

  /** `Notification.requestPermission()`: the prompt, answered with `answer`. */
  readonly requestPermission = async () => {
    this.prompts += 1
    this.permission = this.answer
    return this.answer
  }

  readonly container: { ready: Promise<unknown>; getRegistration: () => Promise<unknown> }

  constructor({ permission = 'default', answer = 'granted', worker = true, subscribed }: FakePushOptions) {
    this.permission = permission
    this.answer = answer
    if (subscribed) this.subscription = new FakeSubscription(this, subscribed.endpoint, subscribed.key ?? OLD_KEY)
    this.container = {
      ready: worker ? Promise.resolve(this.registration) : new Promise(() => undefined),
      getRegistration: async () => (worker ? this.registration : undefined),
    }
  }
}

/** Makes this page a browser with push (`window.Notification`, `PushManager`, a service worker). */
export function installFakePush(options: FakePushOptions = {}): FakePush {
  const push = new FakePush(options)
  const notification = {
    get permission() {
      return push.permission
    },
    requestPermission: push.requestPermission,
  }
  Object.defineProperty(globalThis, 'Notification', { configurable: true, writable: true, value: notification })
  Object.defineProperty(globalThis, 'PushManager', { configurable: true, writable: true, value: class PushManager {} })
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: push.container })
  return push
}

/** Makes this page a browser without push again. */
export function removeFakePush() {
  const page = globalThis as { Notification?: unknown; PushManager?: unknown }
  delete page.Notification
  delete page.PushManager
  delete (navigator as { serviceWorker?: unknown }).serviceWorker
}
