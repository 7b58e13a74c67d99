// A stand-in for Nikita Mobile's SMS gateway (SMSPRO.KG) for the browser suites (.ci/e2e starts it
// and points the phone suite's server at it with TYIYN_SMS__PROVIDER=nikita): it takes the XML
// `<message>` the server posts, answers status 0 as the gateway does, and keeps the texts. A suite
// reads them back:
//   GET /control/sent?phone=996XXXXXXXXX   every text sent to that number, in order
// Run: node e2e/sms-standin.mjs <port>
import { createServer } from 'node:http'

/** The text of the first `<name>` element of `xml`, unescaped. */
function element(xml, name) {
  const match = xml.match(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`))
  if (!match) return null
  return match[1].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&')
}

/** Starts the stand-in on `port` (0: any free one); resolves to `{ url, close }`. */
export function startStandin(port = 0) {
  const sent = []
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    if (req.method === 'GET' && url.pathname === '/control/sent') {
      const phone = url.searchParams.get('phone')
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(sent.filter((s) => !phone || s.phone === phone)))
      return
    }
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const id = element(body, 'id') ?? ''
      const text = element(body, 'text')
      const phone = element(body, 'phone')
      const status = text && phone && /^996\d{9}$/.test(phone) ? 0 : 1
      if (status === 0) sent.push({ phone, text, id })
      res.writeHead(200, { 'Content-Type': 'application/xml' })
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><response><id>${id}</id><status>${status}</status><phones>1</phones><smscnt>1</smscnt></response>`,
      )
    })
  })
  return new Promise((done) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address()
      done({ url: `http://127.0.0.1:${bound}`, close: () => server.close() })
    })
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url } = await startStandin(Number(process.argv[2] ?? 0))
  console.log(`SMS gateway stand-in at ${url}`)
}
