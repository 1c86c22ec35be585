/**
 * The parts of the production path that the Supabase specs start on 127.0.0.1: the contact
 * function's own code under Deno, and a round-robin balancer in front of the site's instances.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { company } from '#app.config.ts'
import { freeLoopbackPort } from '#scripts/lib/free-port.ts'
import type { ServerProcess } from '#test/faults/production-server.ts'

/**
 * What Deno needs to fetch the function's npm imports on a first run with an empty cache, behind a
 * TLS-inspecting proxy too: the certificate authority (Deno reads NODE_EXTRA_CA_CERTS and
 * DENO_CERT itself, and SSL_CERT_FILE/SSL_CERT_DIR only through the system store) and the proxy,
 * never for the stand-ins on 127.0.0.1.
 */
function denoNetworkEnv(): Record<string, string> {
  const passed = [
    'DENO_CERT',
    'DENO_TLS_CA_STORE',
    'NODE_EXTRA_CA_CERTS',
    'SSL_CERT_FILE',
    'SSL_CERT_DIR',
    'HTTPS_PROXY',
    'https_proxy',
    'HTTP_PROXY',
    'http_proxy',
  ]
  const env: Record<string, string> = {}
  for (const name of passed) {
    const value = process.env[name]
    if (value) env[name] = value
  }
  const certFile = process.env.DENO_CERT || process.env.SSL_CERT_FILE
  if (certFile) env.DENO_CERT = certFile
  env.DENO_TLS_CA_STORE = process.env.DENO_TLS_CA_STORE || 'mozilla,system'
  const noProxy = process.env.NO_PROXY || process.env.no_proxy
  env.NO_PROXY = [noProxy, '127.0.0.1', 'localhost'].filter(Boolean).join(',')
  return env
}

export async function startFunction(
  env: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freeLoopbackPort()
  const dir = 'supabase/functions/send-contact-message'
  let output = ''
  const child: ChildProcess = spawn(
    resolve('node_modules/.bin/deno'),
    ['run', '--allow-all', '--config', `${dir}/deno.json`, `${dir}/index.ts`],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        // Overridable, so a run with an empty cache (a fresh clone) can be checked.
        DENO_DIR: resolve(process.env.DENO_DIR || 'node_modules/.cache/deno'),
        ...denoNetworkEnv(),
        // The company's facts are the function's secrets, as an operator sets them.
        COMPANY_NAME: company.name,
        PORT: String(port),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const url = `http://127.0.0.1:${port}`
  // It says when it listens (with its first start fetching the npm imports, that can take a while).
  await new Promise<void>((listening, failed) => {
    const timer = setTimeout(() => failed(new Error(`function did not start:\n${output}`)), 90_000)
    const read = (chunk: Buffer) => {
      output += chunk
      if (output.includes('"event":"edge.listening"')) {
        clearTimeout(timer)
        listening()
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', () => {
      clearTimeout(timer)
      failed(new Error(`function did not start:\n${output}`))
    })
  })
  // And it is ours: without a key it answers 401.
  const unauthorised = await fetch(url, { method: 'POST', body: '{}' })
  await unauthorised.body?.cancel()
  if (unauthorised.status !== 401) {
    throw new Error(`the function answered ${unauthorised.status} without a key:\n${output}`)
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** Passes a request on to 127.0.0.1:<port> as it came (headers and body untouched). */
export function forward(req: IncomingMessage, res: ServerResponse, port: number, body?: Buffer) {
  const upstream = httpRequest(
    { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    },
  )
  upstream.on('error', () => {
    res.writeHead(502)
    res.end()
  })
  if (body) upstream.end(body)
  else req.pipe(upstream)
}

/** Listens on a free port of 127.0.0.1; close() ends open connections too. */
export async function listen(server: Server) {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

/** Round-robin over the instances, as a load balancer would (headers passed as they are). */
export async function startBalancer(targets: () => ServerProcess[]) {
  let next = 0
  return listen(
    createServer((req, res) => {
      const all = targets()
      forward(req, res, (all[next++ % all.length] as ServerProcess).port)
    }),
  )
}
