//! Readable names for the server's shapes. Every one is an alias of the generated contract
//! (`src/api/schema.d.ts`, made from `src/api/openapi.json` by `npm run gen:api`); no shape is
//! written by hand here, so a field the server renames breaks the build, not a screen.
import type { components } from '../api/schema'

type Schemas = components['schemas']

// HTTP answers

/** The one auction object: upcoming, live and finished alike (times are RFC 3339 UTC strings). */
export type Auction = Schemas['Auction']
export type AuctionStatus = Schemas['AuctionStatus']
/** A live auction's stopped countdown (`Auction.paused`): bids are refused until it runs again. */
export type Pause = Schemas['Pause']
/** `GET /api/auctions`: live by deadline, upcoming by start, finished by end. */
export type AuctionLists = Schemas['AuctionLists']
/** One accepted bid as the bid history shows it. */
export type Bid = Schemas['Bid']
export type Winner = Schemas['Winner']
/** A finished auction's honest numbers (`Auction.honestNumbers`): bids placed and what they cost. */
export type HonestNumbers = Schemas['HonestNumbers']
/** `POST /api/auctions/{id}/bid`. */
export type BidAnswer = Schemas['BidAnswer']
/** `POST /api/auctions/{id}/prebid`. */
export type PrebidAnswer = Schemas['PrebidAnswer']

export type User = Schemas['User']
export type Role = Schemas['Role']
export type UserStats = Schemas['UserStats']
/** `GET`/`PUT /api/users/limits`: the user's own spend limits, what is left, what waits. */
export type Limits = Schemas['Limits']
/** `PUT /api/users/limits`: the limits to change (left out: unchanged) and a pause. */
export type LimitsChange = Schemas['LimitsForm']
/** `GET`/`DELETE /api/me/telegram`: whether the site has a bot, and the user's linked chat. */
export type TelegramStatus = Schemas['TelegramStatus']
/** `POST /api/me/telegram/link`: a fresh one-time `https://t.me/<bot>?start=<token>` link. */
export type TelegramLink = Schemas['TelegramLink']
/** `GET`/`PUT /api/me/notices`: per kind, which of e-mail, Telegram, SMS and push carry it (the bell
 * always does), which channels the site has and the user can be reached on, the language of those
 * messages and the quiet hours. */
export type NoticeSettings = Schemas['NoticeSettings']
/** `PUT /api/me/notices`: the language and the kinds' channels to change (left out: unchanged). */
export type NoticeChange = Schemas['NoticeChange']
/** One kind of notice's channels (`sms: null`: SMS is not offered for it). */
export type KindChoice = Schemas['KindChoice']
/** A channel: whether the site sends through it, and whether the user can be reached there. */
export type ChannelView = Schemas['ChannelView']
/** One of the user's push devices (`GET /api/me/push-subscriptions`): its endpoint, its browser
 * and system (`Chrome, Android`), when it was added. */
export type PushDevice = Schemas['PushDevice']
/** `POST /api/me/push-subscriptions`: a browser's `PushSubscription.toJSON()`. */
export type PushSubscriptionBody = Schemas['PushSubscriptionIn']
export type UserBid = Schemas['UserBid']
export type BidStatus = Schemas['BidStatus']
export type UserPrebid = Schemas['UserPrebid']
export type WonAuction = Schemas['WonAuction']
export type RecentBid = Schemas['RecentBid']
/** The auction a row of the user's bid history belongs to. */
export type AuctionRef = Schemas['AuctionRef']

/** A bid package on sale; money in som (`pricePerBid` is the price of one bid). */
export type Package = Schemas['Package']
/** A purchase of a bid package (`POST /api/payments/orders`, the demo page, `orderUpdate`). */
export type Order = Schemas['Order']
export type OrderState = Schemas['OrderState']
/** What an order buys: a bid package or a won item (`claim`). */
export type OrderKind = Schemas['OrderKind']
/** How an order is paid: `card` (the card provider's page) or `qr` (an ELQR link). */
export type PayMethod = Schemas['PayMethod']
/** A QR order's payment: the universal ELQR link, until when it may be paid, each bank app's link. */
export type QrView = Schemas['QrView']
/** One bank app's link to a QR payment (`QrView.banks`). */
export type BankLink = Schemas['BankLink']

/** A won item offered to the user: reserved until `reservedUntil`, then claimed, paid, shipped… */
export type Claim = Schemas['Claim']
export type ClaimState = Schemas['ClaimState']
/** How a won item reaches its winner: `pickup`, `courier` or `region`. */
export type DeliveryMethod = Schemas['DeliveryMethod']
/** A delivery method with its fee in som (`GET /api/users/claims`). */
export type DeliveryOption = Schemas['DeliveryOption']
/** `GET /api/users/claims`: the user's won items, newest first, and the delivery methods. */
export type UserClaims = Schemas['OwnClaims']

/** A personal notice (`GET /api/notifications` and the `notification` socket event). */
export type NotificationKind = Schemas['NotificationKind']

/** Site settings; `updatedAt` only in the admin's copy. `language` is the server's string. */
export type Settings = Schemas['Settings']
/** An availability or format check (`POST /api/auth/validate-*`). */
export type Verdict = Schemas['Verdict']
/** The body of every non-2xx answer. */
export type ErrorBody = Schemas['Error']

// The admin API

/** `GET /api/admin/users`: a page of users (bots and closed accounts left out). */
export type UsersPage = Schemas['UsersPage']
/** `GET /api/admin/users/{id}/activity`. */
export type UserActivity = Schemas['UserActivity']
/** A finished auction with what its winner saved (`GET /api/admin/finished-auctions`). */
export type FinishedAuctionRow = Schemas['FinishedAuctionRow']
/** One auction's bids by kind (`GET /api/admin/auction-stats/{id}`). */
export type AuctionBidStats = Schemas['AuctionBidStats']
/** The system statistics card (`GET /api/admin/stats`). */
export type SystemStats = Schemas['SystemStats']
/** One admin action in the audit log. */
export type AuditEntry = Schemas['AuditEntry']
/** A page of orders of every user (`GET /api/admin/orders`). */
export type AdminOrder = Schemas['AdminOrder']
/** A page of won items of every user (`GET /api/admin/claims`). */
export type AdminClaim = Schemas['AdminClaim']
/** A message of the outbox as operators see it (`GET /api/admin/outbox`). */
export type OutboxItem = Schemas['OutboxItem']
/** How an outbox message leaves: `email`, `sms` or `telegram`. */
export type OutboxChannel = Schemas['OutboxChannel']
/** Where an outbox message is: `pending`, `sent` or `failed`. */
export type OutboxState = Schemas['OutboxState']
/** The nodes sharing the database, as the node that answered sees them (`GET /api/admin/cluster`). */
export type ClusterView = Schemas['ClusterView']
/** One node: alive, draining, the auctions it holds, its bids a second and sockets. */
export type NodeView = Schemas['NodeView']
/** A bid package as the admin edits it, inactive ones included (`GET /api/admin/packages`). */
export type AdminPackage = Schemas['AdminPackage']
/** An automatic bidder (house bot) with its live and upcoming auctions. */
export type Bot = Schemas['Bot']
/** A bot assigned to one auction, with its bids there and its limit. */
export type BotAssignment = Schemas['BotAssignment']

// HTTP request bodies

export type LoginBody = Schemas['LoginBody']
export type RegisterBody = Schemas['RegisterBody']
export type ProfileBody = Schemas['ProfileBody']
export type PasswordBody = Schemas['PasswordBody']
export type SettingsBody = Schemas['SettingsBody']
export type CheckBody = Schemas['CheckBody']
/** The admin's create and edit auction form. */
export type AuctionForm = Schemas['AuctionForm']
/** The admin's edit of a user (`PATCH /api/admin/users/{id}`). */
export type UserPatch = Schemas['UserPatch']

// The socket

/** What the server pushes: `{event, data}` per frame. */
export type ServerEvent = Schemas['ServerEvent']
export type ServerEventName = ServerEvent['event']
/** The payload of server event `E`. */
export type ServerEventData<E extends ServerEventName> = Extract<ServerEvent, { event: E }>['data']
/** What a client emits. */
export type ClientEvent = Schemas['ClientEvent']
export type ClientEventName = ClientEvent['event']
export type ClientEventData<E extends ClientEventName> = Extract<ClientEvent, { event: E }>['data']

/** `auctionUpdate`: a watched auction's event or a lobby update, told apart by `type`. */
export type AuctionUpdate = ServerEventData<'auctionUpdate'>
/** A change of a joined auction; `type` says what happened. */
export type AuctionEvent = Schemas['AuctionEvent']
export type AuctionEventType = Schemas['EventKind']
/** A compact change for the auction lists (`type: 'lobby'`). */
export type LobbyUpdate = Schemas['LobbyUpdate']
/** `timerUpdate` (`{type: 'timers', timers}`). */
export type TimerUpdate = ServerEventData<'timerUpdate'>
/** Auction id → whole seconds left (rounded up): `timerUpdate.timers`, and `GET /api/timers`. */
export type TimerMap = TimerUpdate['timers']
/** `bidBalanceUpdate` (`{type: 'bidBalance', userId, bidBalance}`). */
export type BidBalanceUpdate = ServerEventData<'bidBalanceUpdate'>
/** `orderUpdate` (`{type: 'order', order}`): one of the user's orders changed state. */
export type OrderUpdate = ServerEventData<'orderUpdate'>
/** `notification`: a personal notice, told apart by `type`. */
export type Notification = ServerEventData<'notification'>
