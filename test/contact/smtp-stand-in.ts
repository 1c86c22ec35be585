import type { AddressInfo } from 'node:net'
// @ts-types="npm:@types/smtp-server@3.5.13"
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
  /** performance.now() when the server answered 250: from then on the mail is the server's. */
  acceptedAt: number
}

export interface SmtpStandIn {
  /** smtp://127.0.0.1:<port> (no TLS, no auth: a test relay). */
  url: string
  port: number
  received: ReceivedMail[]
  /** Rejects the next `n` messages with a 451 (a temporary failure). */
  failNext(n: number): void
  /** Stops listening: "the mail server is down". */
  stop(): Promise<void>
}

/** A real SMTP server (smtp-server, from nodemailer's authors) on 127.0.0.1. */
export async function startSmtpStandIn(port = 0): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = []
  let failures = 0
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (failures > 0) {
          failures--
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 })
          return callback(error)
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          acceptedAt: performance.now(),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const actualPort = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    failNext(n) {
      failures = n
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
