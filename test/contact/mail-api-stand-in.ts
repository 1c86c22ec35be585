import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type MailApiMode =
  /** Accepts and answers 200 with an id, as Resend does. */
  | 'ok'
  /** Accepts the email (it is delivered) and never answers: the answer is lost. */
  | 'accept-then-hang'
  /** Never answers and delivers nothing. */
  | 'hang'
  /** Answers 503. */
  | 'down'

export interface MailApiRequest {
  idempotencyKey: string | undefined
  body: {
    to: string[]
    subject: string
    text: string
    headers: Record<string, string>
  }
}

export interface MailApiStandIn {
  url: string
  apiKey: string
  mode: MailApiMode
  /** Every request that reached the API, in order, answered or not. */
  requests: MailApiRequest[]
  /** Emails delivered to the mailbox, once per idempotency key as Resend does within 24 hours. */
  delivered: MailApiRequest[]
  /** Called as each request arrives (before it is answered). */
  onRequest: ((request: MailApiRequest) => void) | undefined
  close(): Promise<void>
}

/**
 * An HTTP mail API on 127.0.0.1 in Resend's shape (POST /emails, Bearer key, JSON), keeping
 * idempotency keys as Resend does: a request whose key was already delivered is answered with the
 * first answer and delivers nothing.
 */
export async function startMailApiStandIn(): Promise<MailApiStandIn> {
  const apiKey = `re_${crypto.randomUUID().replaceAll('-', '')}`
  const hanging = new Set<ServerResponse>()
  const deliveredKeys = new Map<string, string>()
  const state: MailApiStandIn = {
    url: '',
    apiKey,
    mode: 'ok',
    requests: [],
    delivered: [],
    onRequest: undefined,
    close: async () => {},
  }
  const deliver = (request: MailApiRequest) => {
    const existing = request.idempotencyKey && deliveredKeys.get(request.idempotencyKey)
    if (existing) return existing
    const id = crypto.randomUUID()
    state.delivered.push(request)
    if (request.idempotencyKey) deliveredKeys.set(request.idempotencyKey, id)
    return id
  }
  const server = createServer(async (req, res) => {
    let text = ''
    for await (const chunk of req) text += chunk
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      res.writeHead(401, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ message: 'API key is invalid' }))
    }
    const key = req.headers['idempotency-key']
    const request: MailApiRequest = {
      idempotencyKey: typeof key === 'string' ? key : undefined,
      body: JSON.parse(text),
    }
    state.requests.push(request)
    state.onRequest?.(request)
    switch (state.mode) {
      case 'ok': {
        const id = deliver(request)
        res.writeHead(200, { 'content-type': 'application/json' })
        return res.end(JSON.stringify({ id }))
      }
      case 'accept-then-hang':
        deliver(request)
        hanging.add(res)
        return
      case 'hang':
        hanging.add(res)
        return
      case 'down':
        res.writeHead(503, { 'content-type': 'application/json' })
        return res.end(JSON.stringify({ message: 'Service unavailable' }))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`
  state.close = async () => {
    for (const res of hanging) res.destroy()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return state
}
