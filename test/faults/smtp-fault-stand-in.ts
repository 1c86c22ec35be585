import type { AddressInfo } from 'node:net'
// @ts-types="npm:@types/smtp-server@3.5.13"
import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that a fault test stops, starts again on the same
 * port, or makes slow: `stall` takes a whole message and never answers it (the sender waits, and
 * the mail is not accepted); `delay` answers it only after `delayMs`. Only accepted mail counts.
 */
export type SmtpFaultMode = 'accept' | 'stall' | 'delay'

export interface SmtpFaultStandIn {
  readonly port: number
  /** smtp://127.0.0.1:<port> (no TLS, no auth). */
  readonly url: string
  mode: SmtpFaultMode
  delayMs: number
  /** Raw messages accepted (answered 250). */
  readonly accepted: string[]
  /** Messages received completely but left unanswered (stall mode). */
  readonly stalled: number
  readonly running: boolean
  /** Starts listening on the port (again). */
  start(): Promise<void>
  /** Stops listening and drops every open connection: "the mail server is down". */
  stop(): Promise<void>
}

/** Creates the stand-in on a free port, without listening yet unless `listen` is set. */
export async function createSmtpFaultStandIn(
  options: { listen?: boolean } = {},
): Promise<SmtpFaultStandIn> {
  const accepted: string[] = []
  let stalled = 0
  let server: SMTPServer | undefined
  const port = await reservePort()

  const standIn: SmtpFaultStandIn = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mode: 'accept',
    delayMs: 0,
    accepted,
    get stalled() {
      return stalled
    },
    get running() {
      return server !== undefined
    },
    async start() {
      if (server) return
      const next = new SMTPServer({
        secure: false,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        closeTimeout: 100,
        onData(stream, _session, callback) {
          const chunks: Buffer[] = []
          const mode = standIn.mode
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8')
            if (mode === 'stall') {
              stalled++
              return
            }
            const accept = () => {
              if (server !== next) return // stopped meanwhile: the sender never heard a 250
              accepted.push(raw)
              callback()
            }
            if (mode === 'delay') setTimeout(accept, standIn.delayMs)
            else accept()
          })
        },
      })
      next.on('error', () => {})
      await new Promise<void>((resolve, reject) => {
        next.server.once('error', reject)
        next.listen(port, '127.0.0.1', () => resolve())
      })
      server = next
    },
    async stop() {
      const current = server
      server = undefined
      if (!current) return
      const connections = (current as unknown as { connections: Set<{ close(): void }> })
        .connections
      const closed = new Promise<void>((resolve) => current.close(() => resolve()))
      for (const connection of connections) connection.close()
      await closed
    },
  }
  if (options.listen) await standIn.start()
  return standIn
}

async function reservePort(): Promise<number> {
  const probe = new SMTPServer({ logger: false })
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()))
  const { port } = probe.server.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}
