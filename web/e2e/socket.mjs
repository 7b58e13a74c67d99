// The realtime contract checked with a socket.io client written by others (socket.io-client 4,
// WebSocket transport) against a running server at BASE_URL (default http://127.0.0.1:8080):
// two new users join one live auction; each gets a snapshot first; a bid over HTTP reaches both
// sockets as `bidsPlaced`, the bidder alone gets `bidBalanceUpdate`; `timerUpdate` ticks. A bid
// over the socket (`placeBid`, with an ack `{status, body, retryAfter?}` holding the answer the
// POST would give) does the same, refusals come in the language asked for, and a visitor's socket
// is refused with 401.
// Every payload carries its `type` (ServerEvent in /api/events.schema.json): `auctionUpdate` is
// `{type: snapshot | bidsPlaced | …, auction, bids}` for a joined auction or `{type: 'lobby', …}`;
// `timerUpdate` is `{type: 'timers', timers}`; `bidBalanceUpdate` is `{type: 'bidBalance', …}`.
// Prints `socket: N passed`; exits non-zero with the failing check's message.
import { io } from 'socket.io-client'

const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '')
const WAIT_MS = 5_000
const TIMER_WAIT_MS = 3_000
/** How long a socket must stay silent to count as "did not receive". */
const QUIET_MS = 700

let passed = 0

function fail(message) {
  throw new Error(message)
}

async function check(name, action) {
  process.stdout.write(`• ${name} ... `)
  try {
    const result = await action()
    passed += 1
    console.log('ok')
    return result
  } catch (error) {
    console.log('FAILED')
    throw new Error(`check "${name}" failed: ${error instanceof Error ? error.message : error}`)
  }
}

/** A minimal cookie jar: name → value from Set-Cookie, sent back as one Cookie header. */
class CookieJar {
  #cookies = new Map()

  store(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      if (at <= 0) continue
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some((attr) => /^\s*max-age\s*=\s*0\s*$/i.test(attr))
      if (expired || value === '') this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
  }

  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/** One HTTP call as a user: JSON in and out, cookies kept, Origin sent on writes. */
async function call(jar, method, path, body) {
  const headers = { Accept: 'application/json' }
  const cookie = jar?.header()
  if (cookie) headers.Cookie = cookie
  if (method !== 'GET') headers.Origin = BASE_URL
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(`${BASE_URL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  jar?.store(response)
  const text = await response.text()
  let json
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return { status: response.status, json, text }
}

function describe(answer) {
  return `HTTP ${answer.status} ${answer.text.slice(0, 300)}`
}

const cents = (money) => Math.round(money * 100)

/** Every event `name` a socket receives, with a way to wait for one matching a predicate. */
function record(socket, name) {
  const items = []
  const waiters = new Set()
  socket.on(name, (data) => {
    items.push(data)
    for (const wake of waiters) wake()
  })
  return {
    items,
    /** Resolves with the first event (already received or coming) for which `match` is true. */
    waitFor(match, what, ms = WAIT_MS) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = items.find(match)
          if (found === undefined) return false
          clearTimeout(timer)
          waiters.delete(look)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          waiters.delete(look)
          reject(new Error(`no ${name} ${what} within ${ms} ms (received ${items.length}: ${JSON.stringify(items.slice(-3)).slice(0, 400)})`))
        }, ms)
        if (!look()) waiters.add(look)
      })
    },
  }
}

function connect(label, jar) {
  const socket = io(BASE_URL, {
    path: '/socket.io/',
    transports: ['websocket'],
    reconnection: false,
    timeout: WAIT_MS,
    extraHeaders: { cookie: jar.header(), origin: BASE_URL },
  })
  const events = {
    update: record(socket, 'auctionUpdate'),
    timer: record(socket, 'timerUpdate'),
    balance: record(socket, 'bidBalanceUpdate'),
  }
  const ready = new Promise((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('connect_error', (error) => reject(new Error(`${label}'s socket did not connect: ${error.message}`)))
  })
  return { label, socket, events, ready }
}

async function register(label) {
  const suffix = Math.random().toString(36).slice(2, 8)
  const account = { username: `sock_${label}_${suffix}`, email: `sock_${label}_${suffix}@example.kg`, password: `pw_${suffix}_123` }
  const jar = new CookieJar()
  const answer = await call(jar, 'POST', '/api/auth/register', account)
  if (answer.status !== 201) fail(`register ${account.username}: ${describe(answer)}`)
  const user = answer.json?.user ?? answer.json
  if (typeof user?.id !== 'number') fail(`register answered without a user id: ${describe(answer)}`)
  if (user.bidBalance !== 5) fail(`a new user has bidBalance ${user.bidBalance}, expected 5`)
  if (!jar.header()) fail('register set no session cookie')
  return { ...account, id: user.id, jar }
}

/** The `type`s of a joined auction's `auctionUpdate` (the lobby's is `lobby`). */
const EVENT_TYPES = new Set(['snapshot', 'bidsPlaced', 'prebidPlaced', 'started', 'detailsUpdated', 'finished', 'deleted'])

/** The full (non-lobby) auctionUpdates about one auction. */
const about = (id) => (event) => EVENT_TYPES.has(event?.type) && event.auction?.id === id

async function placeBid(user, id) {
  const answer = await call(user.jar, 'POST', `/api/auctions/${id}/bid`)
  if (answer.status !== 200) fail(`${user.username}'s bid: ${describe(answer)}`)
  return checkedBid(user, answer.json, describe(answer))
}

/** `placeBid` over `client`'s socket with `data` (`{auctionId, lang}` or the bare id): the ack. */
function emitBid(client, data) {
  return client.socket.timeout(WAIT_MS).emitWithAck('placeBid', data)
}

/** A bid over the socket, accepted: the ack's body is the POST's `BidAnswer`. */
async function placeBidOverSocket(client, user, data) {
  const ack = await emitBid(client, data)
  const shown = JSON.stringify(ack).slice(0, 300)
  if (ack?.status !== 200) fail(`${user.username}'s placeBid was answered ${shown}`)
  if ('retryAfter' in ack) fail(`an accepted bid's ack carries retryAfter: ${shown}`)
  return checkedBid(user, ack.body, shown)
}

/** A `BidAnswer` by `user`: its bid, and the auction it left priced at that bid. */
function checkedBid(user, answer, shown) {
  const { auction, bid, bidBalance } = answer ?? {}
  if (!auction || !bid) fail(`the bid answer lacks auction or bid: ${shown}`)
  if (bid.user?.id !== user.id) fail(`the bid answer's bid is by ${JSON.stringify(bid.user)}, not ${user.username}`)
  if (cents(auction.currentPrice) !== cents(bid.amount)) fail(`answer: price ${auction.currentPrice} but bid amount ${bid.amount}`)
  if (auction.lastBidder !== user.username) fail(`answer: lastBidder ${auction.lastBidder}, expected ${user.username}`)
  return { auction, bid, bidBalance }
}

/** Both sockets see `bidsPlaced` with this bid id and a price at least the bid's. */
async function bothSee(clients, id, bid) {
  for (const client of clients) {
    const event = await client.events.update.waitFor(
      (e) => about(id)(e) && e.type === 'bidsPlaced' && e.bids?.some((b) => b.id === bid.id),
      `bidsPlaced with bid ${bid.id} for ${client.label}`,
    )
    const seen = event.bids.find((b) => b.id === bid.id)
    if (cents(seen.amount) !== cents(bid.amount)) fail(`${client.label} saw bid ${bid.id} at ${seen.amount}, the answer said ${bid.amount}`)
    if (cents(event.auction.currentPrice) < cents(bid.amount)) fail(`${client.label} saw price ${event.auction.currentPrice} below the bid's ${bid.amount}`)
    if (event.bids[0] && cents(event.bids[0].amount) < cents(seen.amount)) fail(`${client.label}'s bidsPlaced is not newest first`)
  }
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms))

async function main() {
  const settings = await fetch(`${BASE_URL}/api/settings`).catch((error) => error)
  if (settings instanceof Error || !settings.ok) {
    const why = settings instanceof Error ? settings.cause?.code ?? settings.message : `HTTP ${settings.status}`
    fail(`no server answers GET ${BASE_URL}/api/settings (${why}); start it or set BASE_URL`)
  }

  const a = await check('register user A', () => register('a'))
  const b = await check('register user B', () => register('b'))

  const live = await check('GET /api/auctions has a live auction', async () => {
    const answer = await call(null, 'GET', '/api/auctions')
    if (answer.status !== 200) fail(describe(answer))
    const { live: auctions } = answer.json ?? {}
    if (!Array.isArray(auctions)) fail(`no live list: ${describe(answer)}`)
    // The one with the most time left, so it does not finish during the test.
    const candidates = auctions.filter((auction) => auction.status === 'live' && !auction.isBidPackage)
    const pick = (candidates.length ? candidates : auctions).sort((x, y) => Date.parse(y.endsAt ?? 0) - Date.parse(x.endsAt ?? 0))[0]
    if (!pick) fail('no live auction (start the server with DEMO_DATA=1)')
    return pick
  })
  const id = live.id

  const clientA = connect('A', a.jar)
  const clientB = connect('B', b.jar)
  const clients = [clientA, clientB]
  try {
    await check('both sockets connect over WebSocket', async () => {
      await Promise.all(clients.map((client) => client.ready))
      for (const client of clients) {
        const transport = client.socket.io.engine?.transport?.name
        if (transport !== 'websocket') fail(`${client.label} uses ${transport}`)
      }
    })

    for (const client of clients) client.socket.emit('joinAuction', id)

    await check('each socket first receives a snapshot of the joined auction', async () => {
      for (const client of clients) {
        await client.events.update.waitFor(about(id), `about auction ${id} for ${client.label}`)
        const first = client.events.update.items.find(about(id))
        if (first.type !== 'snapshot') fail(`${client.label}'s first auctionUpdate is ${first.type}, expected snapshot`)
        if (!Array.isArray(first.bids)) fail(`${client.label}'s snapshot has no bids list`)
        if (first.auction.status !== 'live') fail(`snapshot status ${first.auction.status}`)
        for (const field of ['currentPrice', 'endsAt', 'serverTime', 'viewers', 'totalBids']) {
          if (!(field in first.auction)) fail(`snapshot auction lacks ${field}`)
        }
        if (first.bids.length > 50) fail(`snapshot has ${first.bids.length} bids, at most 50 expected`)
      }
    })

    await check(`a timerUpdate {type: 'timers', timers} with auction ${id} arrives within 3 s`, async () => {
      for (const client of clients) {
        const frame = await client.events.timer.waitFor(
          (e) => e?.timers && typeof e.timers === 'object' && String(id) in e.timers,
          `with ${id} in timers for ${client.label}`,
          TIMER_WAIT_MS,
        )
        if (frame.type !== 'timers') fail(`timerUpdate.type is ${JSON.stringify(frame.type)}, expected "timers"`)
        const seconds = frame.timers[String(id)]
        if (!Number.isInteger(seconds) || seconds < 0) fail(`timerUpdate.timers[${id}] is ${JSON.stringify(seconds)}`)
      }
    })

    await check('every auctionUpdate so far carries a known type', async () => {
      for (const client of clients) {
        for (const event of client.events.update.items) {
          if (event?.type === 'lobby') {
            if (typeof event.auctionId !== 'number' || typeof event.deleted !== 'boolean') fail(`malformed lobby update ${JSON.stringify(event).slice(0, 300)}`)
          } else if (!EVENT_TYPES.has(event?.type) || typeof event.auction?.id !== 'number' || !Array.isArray(event.bids)) {
            fail(`${client.label} received auctionUpdate ${JSON.stringify(event).slice(0, 300)}`)
          }
        }
      }
    })

    const first = await check('A bids over HTTP: balance 4, price = the bid', async () => {
      const result = await placeBid(a, id)
      if (result.bidBalance !== 4) fail(`answer bidBalance ${result.bidBalance}, expected 4`)
      return result
    })

    await check('both sockets receive bidsPlaced with A\'s bid and the new price', () => bothSee(clients, id, first.bid))

    await check('A\'s socket receives bidBalanceUpdate 4, B\'s does not', async () => {
      const update = await clientA.events.balance.waitFor((e) => e?.userId === a.id, `for user A (${a.id})`)
      if (update.type !== 'bidBalance') fail(`bidBalanceUpdate.type is ${JSON.stringify(update.type)}, expected "bidBalance"`)
      if (update.bidBalance !== 4) fail(`A's bidBalanceUpdate says ${update.bidBalance}, expected 4`)
      await sleep(QUIET_MS)
      if (clientB.events.balance.items.length > 0) fail(`B's socket received ${JSON.stringify(clientB.events.balance.items)}`)
    })

    const second = await check('B bids over HTTP: balance 4, price rises', async () => {
      const result = await placeBid(b, id)
      if (result.bidBalance !== 4) fail(`answer bidBalance ${result.bidBalance}, expected 4`)
      if (cents(result.bid.amount) <= cents(first.bid.amount)) fail(`B's bid ${result.bid.amount} is not above A's ${first.bid.amount}`)
      return result
    })

    await check('both sockets receive bidsPlaced with B\'s bid', () => bothSee(clients, id, second.bid))

    await check('B\'s socket receives bidBalanceUpdate 4, A\'s gets nothing more', async () => {
      const update = await clientB.events.balance.waitFor((e) => e?.userId === b.id, `for user B (${b.id})`)
      if (update.type !== 'bidBalance') fail(`bidBalanceUpdate.type is ${JSON.stringify(update.type)}, expected "bidBalance"`)
      if (update.bidBalance !== 4) fail(`B's bidBalanceUpdate says ${update.bidBalance}, expected 4`)
      await sleep(QUIET_MS)
      const foreign = clientA.events.balance.items.filter((e) => e?.userId !== a.id)
      if (foreign.length > 0) fail(`A's socket received ${JSON.stringify(foreign)}`)
      if (clientA.events.balance.items.length !== 1) fail(`A's socket received ${clientA.events.balance.items.length} balance updates, expected 1`)
    })

    await check('the leader bidding again is refused: 409 already_leader', async () => {
      const leader = [a, b].find((user) => user.username === second.auction.lastBidder) ?? b
      const answer = await call(leader.jar, 'POST', `/api/auctions/${id}/bid`)
      // A bot may have outbid B meanwhile; then the bid is accepted and there is nothing to check.
      if (answer.status === 200) return
      if (answer.status !== 409 || answer.json?.code !== 'already_leader') fail(describe(answer))
      if (typeof answer.json?.error !== 'string' || !answer.json.error) fail('the refusal has no message')
    })

    const third = await check('A bids over the socket: ack {status: 200, body: BidAnswer}, balance 3', async () => {
      const result = await placeBidOverSocket(clientA, a, { auctionId: id, lang: 'en' })
      if (result.bidBalance !== 3) fail(`ack bidBalance ${result.bidBalance}, expected 3`)
      return result
    })

    await check('both sockets receive bidsPlaced with A\'s socket bid, A\'s bidBalanceUpdate 3', async () => {
      await bothSee(clients, id, third.bid)
      await clientA.events.balance.waitFor((e) => e?.userId === a.id && e.bidBalance === 3, 'of 3 for user A')
    })

    await check('the leader bidding again over the socket is refused: 409 already_leader, in English', async () => {
      const ack = await emitBid(clientA, { auctionId: id, lang: 'en' })
      // A bot may have outbid A meanwhile; then the bid is accepted and there is nothing to check.
      if (ack?.status === 200) return
      const shown = JSON.stringify(ack).slice(0, 300)
      if (ack?.status !== 409 || ack.body?.code !== 'already_leader') fail(`placeBid was answered ${shown}`)
      if (ack.body.error !== 'Your bid is already the last one') fail(`the refusal is not in English: ${shown}`)
      if ('retryAfter' in ack) fail(`a 409's ack carries retryAfter: ${shown}`)
    })

    await check('B bids over the socket with the bare id; its refusal reads as the POST\'s', async () => {
      // B's last bid (or a retry that a bot's outbid let through) may be under a second old: one
      // bid a second per user (`auction.min_bid_interval_ms`).
      await sleep(1_100)
      const result = await placeBidOverSocket(clientB, b, id)
      if (cents(result.bid.amount) <= cents(third.bid.amount)) fail(`B's bid ${result.bid.amount} is not above A's ${third.bid.amount}`)
      // Without `lang` the refusal is in the language HTTP would choose for the same cookies.
      const again = await emitBid(clientB, id)
      if (again?.status === 200) return
      if (again?.status !== 409 || again.body?.code !== 'already_leader') fail(`placeBid was answered ${JSON.stringify(again).slice(0, 300)}`)
      const posted = await call(b.jar, 'POST', `/api/auctions/${id}/bid`)
      if (posted.status === 200) return
      if (posted.json?.code === 'already_leader' && posted.json.error !== again.body.error) fail(`the socket said "${again.body.error}", HTTP "${posted.json.error}"`)
    })

    await check('a visitor\'s socket is refused a bid: 401', async () => {
      const visitor = connect('visitor', new CookieJar())
      try {
        await visitor.ready
        const ack = await emitBid(visitor, { auctionId: id, lang: 'ru' })
        if (ack?.status !== 401 || typeof ack.body?.error !== 'string' || !ack.body.error) fail(`placeBid was answered ${JSON.stringify(ack).slice(0, 300)}`)
      } finally {
        visitor.socket.disconnect()
      }
    })

    await check('leaveAuction stops the full updates', async () => {
      clientA.socket.emit('leaveAuction', id)
      await sleep(QUIET_MS)
      const before = clientA.events.update.items.filter(about(id)).length
      const bid = await placeBid(a, id).catch(() => null)
      if (bid) {
        await bothSee([clientB], id, bid.bid)
        await sleep(QUIET_MS)
        const after = clientA.events.update.items.filter(about(id)).length
        if (after !== before) fail(`A still received ${after - before} auctionUpdate(s) after leaving`)
      }
    })
  } finally {
    for (const client of clients) client.socket.disconnect()
  }
  console.log(`\nsocket: ${passed} passed`)
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`\nsocket e2e FAILED against ${BASE_URL}\n${error instanceof Error ? error.message : error}`)
    console.error(`socket: ${passed} passed, 1 failed`)
    process.exit(1)
  },
)
