// A stand-in for the Telegram Bot API for the browser suites (.ci/e2e starts it before the server
// and points TYIYN_TELEGRAM__API_BASE at it): the server's bot long-polls `getUpdates` here and
// answers with `sendMessage`. A suite plays the Telegram user through two more routes:
//   POST /control/updates {chat, text, lang?}  a private message from `chat` (e.g. "/start <token>")
//   GET  /control/sent?chat=<id>               every message the bot sent to that chat, in order
// Run: node e2e/telegram-standin.mjs <port> [token]   (the token the bot must use; default below)
import { createServer } from 'node:http'

export const STANDIN_TOKEN = '123456789:e2e-stand-in-token'

/** Starts the stand-in on `port` (0: any free one); resolves to `{ url, close }`. */
export function startStandin(port = 0, token = STANDIN_TOKEN) {
  const updates = []
  const sent = []
  let nextUpdate = 1
  let waiters = []
  const wake = () => {
    for (const done of waiters.splice(0)) done()
  }

  const json = (res, status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const readBody = (req) =>
    new Promise((done, fail) => {
      let text = ''
      req.on('data', (chunk) => (text += chunk))
      req.on('end', () => {
        try {
          done(text ? JSON.parse(text) : {})
        } catch (error) {
          fail(error)
        }
      })
    })

  async function getUpdates(url, res) {
    const offset = Number(url.searchParams.get('offset') ?? 0)
    const timeout = Number(url.searchParams.get('timeout') ?? 0)
    // An offset confirms every update before it: Telegram forgets them.
    while (updates.length > 0 && updates[0].update_id < offset) updates.shift()
    if (updates.length === 0 && timeout > 0) {
      await new Promise((done) => {
        const timer = setTimeout(done, timeout * 1000)
        waiters.push(() => {
          clearTimeout(timer)
          done()
        })
      })
    }
    json(res, 200, { ok: true, result: updates.filter((u) => u.update_id >= offset) })
  }

  async function sendMessage(req, res) {
    const { chat_id: chat, text } = await readBody(req)
    sent.push({ chat, text })
    json(res, 200, { ok: true, result: { message_id: sent.length, date: Math.floor(Date.now() / 1000), chat: { id: chat, type: 'private' }, text } })
  }

  async function addUpdate(req, res) {
    const { chat, text, lang = 'ru' } = await readBody(req)
    const id = nextUpdate++
    const from = { id: chat, is_bot: false, first_name: 'Aibek', language_code: lang }
    updates.push({ update_id: id, message: { message_id: id, date: Math.floor(Date.now() / 1000), chat: { id: chat, type: 'private', first_name: 'Aibek' }, from, text } })
    wake()
    json(res, 200, { updateId: id })
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const method = url.pathname.match(/^\/bot([^/]+)\/(\w+)$/)
    const route = method ? (method[1] === token ? method[2] : 'unauthorized') : `${req.method} ${url.pathname}`
    const answer = {
      getUpdates: () => getUpdates(url, res),
      sendMessage: () => sendMessage(req, res),
      unauthorized: () => json(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' }),
      'POST /control/updates': () => addUpdate(req, res),
      'GET /control/sent': () => json(res, 200, sent.filter((s) => String(s.chat) === url.searchParams.get('chat'))),
    }[route]
    if (!answer) return json(res, 404, { ok: false, error_code: 404, description: 'Not Found' })
    Promise.resolve(answer()).catch((error) => json(res, 400, { ok: false, error_code: 400, description: String(error) }))
  })

  return new Promise((done) => {
    server.listen(port, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${server.address().port}`
      done({
        url,
        close: () => {
          wake()
          server.closeAllConnections()
          server.close()
        },
      })
    })
  })
}

// As a program: `node e2e/telegram-standin.mjs <port> [token]`, until killed.
if (import.meta.url === `file://${process.argv[1]}`) {
  const standin = await startStandin(Number(process.argv[2] ?? 0), process.argv[3] ?? STANDIN_TOKEN)
  console.log(`Telegram stand-in on ${standin.url}`)
  const stop = () => {
    standin.close()
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
