import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** hCaptcha's published test secret and passing token. */
export const testSecret = '0x0000000000000000000000000000000000000000'
export const passingToken = '10000000-aaaa-bbbb-cccc-000000000001'

/** Another token the stand-in accepts (once): passing tokens differ only in their last digits. */
export const passingTokenNumber = (n: number) =>
  `10000000-aaaa-bbbb-cccc-${String(n).padStart(12, '0')}`

export type CaptchaMode =
  /** hCaptcha's behaviour: a passing token is accepted once, a replay is refused. */
  | 'normal'
  /** A broken provider that accepts any token, any number of times. */
  | 'accept-all'
  /** Answers HTTP 500. */
  | 'error'
  /** Never answers (the verifier's time-out is the only way out). */
  | 'hang'

export interface CaptchaStandIn {
  url: string
  mode: CaptchaMode
  /** The secret it accepts; change it to make the server's secret a wrong one. */
  secret: string
  /** Every form the verifier posted, decoded. */
  requests: Record<string, string>[]
  /** Refuses connections from now on (provider down); `start` again is not supported. */
  close(): Promise<void>
}

/**
 * A stand-in for https://api.hcaptcha.com/siteverify on 127.0.0.1: real HTTP, form-encoded
 * input, hCaptcha's answer shapes. Like hCaptcha it judges the secret first
 * (`invalid-input-secret`), then a `sitekey` sent with it (`sitekey-secret-mismatch` unless it is
 * `siteKey`, when one is given), then the token.
 */
export async function startCaptchaStandIn(
  secret = testSecret,
  port = 0,
  siteKey?: string,
): Promise<CaptchaStandIn> {
  const used = new Set<string>()
  const hanging = new Set<ServerResponse>()
  const state: CaptchaStandIn = {
    url: '',
    mode: 'normal',
    secret,
    requests: [],
    close: async () => {},
  }

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let text = ''
    for await (const chunk of req) text += chunk
    const form = Object.fromEntries(new URLSearchParams(text))
    state.requests.push(form)
    if (req.method !== 'POST' || req.url !== '/siteverify') return answer(res, 404, {})
    if (state.mode === 'hang') {
      hanging.add(res)
      return
    }
    if (state.mode === 'error') return answer(res, 500, { error: 'internal' })
    if (!form.secret) {
      return answer(res, 200, { success: false, 'error-codes': ['missing-input-secret'] })
    }
    if (form.secret !== state.secret) {
      return answer(res, 200, { success: false, 'error-codes': ['invalid-input-secret'] })
    }
    if (siteKey !== undefined && form.sitekey !== undefined && form.sitekey !== siteKey) {
      return answer(res, 200, { success: false, 'error-codes': ['sitekey-secret-mismatch'] })
    }
    const token = form.response ?? ''
    if (!token)
      return answer(res, 200, { success: false, 'error-codes': ['missing-input-response'] })
    if (state.mode === 'accept-all') {
      return answer(res, 200, { success: true, hostname: 'localhost', challenge_ts: new Date() })
    }
    if (!/^10000000-aaaa-bbbb-cccc-\d{12}$/.test(token)) {
      return answer(res, 200, { success: false, 'error-codes': ['invalid-input-response'] })
    }
    if (used.has(token)) {
      return answer(res, 200, { success: false, 'error-codes': ['already-seen-response'] })
    }
    used.add(token)
    answer(res, 200, { success: true, hostname: 'localhost', challenge_ts: new Date() })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address() as AddressInfo
  state.url = `http://127.0.0.1:${address.port}/siteverify`
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return state
}
