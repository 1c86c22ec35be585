/**
 * One production path per Playwright worker, shared by the Supabase specs: PostgreSQL 15 with
 * supabase/migrations, the contact function's own code under Deno, the gateway and Storage
 * stand-ins, hCaptcha's verifier and an HTTP mail API on 127.0.0.1, and three production
 * instances in Supabase mode behind a round-robin balancer. Started once (the start-up is most of
 * these specs' time); each spec calls `reset()` in its beforeAll, which empties the project's
 * tables and bucket and the stand-ins' records, so the specs stay independent of one another and
 * of their order.
 */
import { readdirSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { SignJWT } from 'jose'
import {
  type CaptchaStandIn,
  startCaptchaStandIn,
  testSecret,
} from '#test/contact/captcha-stand-in.ts'
import { type ServerProcess, startProductionServer } from '#test/faults/production-server.ts'
import {
  type PostgrestStandIn,
  type PostgrestStandInOptions,
  startPostgrestStandIn,
} from '#test/support/postgrest-stand-in.ts'
import {
  openPostgres15SchemaDatabase,
  readDatabaseSql,
  type SchemaDatabase,
} from '#test/support/supabase-schema.ts'
import { cleanups, eventually, temporaryDataDir } from '../faults/support'
import { test as pageTest } from '../fixtures'
import { startBalancer, startFunction } from './local-parts'

/** What the mail API received: the message id the function sets, and the subject. */
export interface MailApi {
  url: string
  /** Answers 503 while true, as a mail provider in an outage does. */
  down: boolean
  received: { id: string; subject: string }[]
}

export interface SupabaseProject {
  schema: SchemaDatabase
  /** The project's secret key (`sb_secret_…`); the gateway runs its requests as service_role. */
  secretKey: string
  /** A legacy service_role JWT the function also accepts. */
  serviceRoleKey: string
  captcha: CaptchaStandIn
  mail: MailApi
  gateway: PostgrestStandIn
  /** The project's Storage: the gateway serves <dir>/<bucket>/<path>. */
  storageDir: string
  /** Three instances started with `siteEnv(secretKey)`, and the balancer in front of them. */
  instances: ServerProcess[]
  balancer: { url: string }
  /** The owner report's key on every instance. */
  ownerKey: string
  /** An instance's environment for this project, with `key` as its secret key. */
  siteEnv(key: string): Record<string, string>
  /** Another instance for the current spec (stopped by the next reset, or release()). */
  startInstance(key: string, env?: Record<string, string>): Promise<ServerProcess>
  /** Another gateway on the same database (its own faults and Storage), for the current spec. */
  startGateway(options: Omit<PostgrestStandInOptions, 'database'>): Promise<PostgrestStandIn>
  /** Empties the project for the next spec (see the file's comment). */
  reset(): Promise<void>
  /** Stops what the current spec started of its own. */
  release(): Promise<void>
}

async function startMailApi(): Promise<MailApi & { close(): Promise<void> }> {
  const state = { down: false, received: [] as MailApi['received'] }
  const server: Server = createServer(async (req, res) => {
    let text = ''
    for await (const chunk of req) text += chunk
    if (state.down) {
      res.writeHead(503, { 'content-type': 'application/json' })
      return res.end('{"message":"temporarily unavailable"}')
    }
    const body = JSON.parse(text) as { subject: string; headers?: Record<string, string> }
    state.received.push({ id: body.headers?.['X-Contact-Message-Id'] ?? '', subject: body.subject })
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ id: crypto.randomUUID() }))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  })
}

async function startProject(clean: ReturnType<typeof cleanups>): Promise<SupabaseProject> {
  const secretKey = `sb_secret_${crypto.randomUUID().replaceAll('-', '')}`
  const serviceRoleKey = await new SignJWT({ iss: 'supabase', role: 'service_role' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .sign(new TextEncoder().encode(crypto.randomUUID()))
  const ownerKey = 'supabase-owner-key-3f9a1c7e5b2d'
  // 100 concurrent submissions go through the gateway's pool and the function's.
  const schema = clean.add(await openPostgres15SchemaDatabase(30), (d) => d.close())
  const captcha = clean.add(await startCaptchaStandIn(), (c) => c.close())
  const mail = clean.add(await startMailApi(), (m) => m.close())
  const fn = clean.add(
    await startFunction({
      SUPABASE_DB_URL: schema.url as string,
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: secretKey }),
      SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
      HCAPTCHA_SECRET: testSecret,
      HCAPTCHA_VERIFY_URL: captcha.url,
      MAIL_API_KEY: 're_test',
      MAIL_API_URL: mail.url,
      CONTACT_RETRY_BACKOFF_MS: '1000',
      CONTACT_TO_EMAIL: 'owner@example.com',
    }),
    (f) => f.stop(),
  )
  const storage = clean.add(temporaryDataDir('supabase-storage'), (d) => d.remove())
  const gateway = clean.add(
    await startPostgrestStandIn({
      database: schema.database,
      secretKey,
      functions: { 'send-contact-message': fn.url },
      storageDir: storage.dir,
    }),
    (g) => g.close(),
  )
  const siteEnv = (key: string) => ({
    SUPABASE_URL: gateway.url,
    SUPABASE_ANON_KEY: gateway.anonKey,
    SUPABASE_SECRET_KEY: key,
    TRUST_PROXY: 'true',
    OWNER_REPORT_KEY: ownerKey,
    CONTACT_RETRY_INTERVAL_MS: '1000',
    GALLERY_CACHE_TTL_MS: '1000',
  })
  const launch = async (owner: ReturnType<typeof cleanups>, env: Record<string, string>) => {
    const data = owner.add(temporaryDataDir('supabase-instance'), (d) => d.remove())
    return owner.add(await startProductionServer({ dataDir: data.dir, env }), (s) => s.stop())
  }
  const instances = await Promise.all([0, 1, 2].map(() => launch(clean, siteEnv(secretKey))))
  const balancer = clean.add(await startBalancer(() => instances), (b) => b.close())

  const spec = cleanups()
  clean.add(spec, (s) => s.run())
  const tables = async () =>
    (
      await schema.database.query<{ name: string }>(
        `select format('%I.%I', schemaname, tablename) as name from pg_tables
         where schemaname in ('public', 'storage') order by 1`,
      )
    ).rows.map((row) => row.name)

  return {
    schema,
    secretKey,
    serviceRoleKey,
    captcha,
    mail,
    gateway,
    storageDir: storage.dir,
    instances,
    balancer,
    ownerKey,
    siteEnv,
    startInstance: (key, env = {}) => launch(spec, { ...siteEnv(key), ...env }),
    startGateway: async (options) =>
      spec.add(await startPostgrestStandIn({ ...options, database: schema.database }), (g) =>
        g.close(),
      ),
    release: () => spec.run(),
    async reset() {
      await spec.run()
      // Notifications the last spec left on their way finish first, so none lands in the next
      // spec's mailbox: every message is sent (or given up) once the mail API answers again.
      mail.down = false
      captcha.secret = testSecret
      captcha.mode = 'normal'
      gateway.fail(undefined)
      gateway.setImageTransformations(true)
      await eventually(async () => {
        const { rows } = await schema.database.query<{ n: number }>(
          `select count(*)::int as n from public.contact_messages where notification_status = 'pending'`,
        )
        if (rows[0]?.n !== 0) throw new Error(`${rows[0]?.n} notification(s) still pending`)
      }, 30_000)
      // Every table of the project, as the migrations made them, then the seed again.
      await schema.database.query(
        `truncate ${(await tables()).join(', ')} restart identity cascade`,
      )
      await schema.database.query(readDatabaseSql().seed)
      for (const entry of readdirSync(storage.dir)) {
        rmSync(join(storage.dir, entry), { recursive: true, force: true })
      }
      mail.received.length = 0
      captcha.requests.length = 0
      gateway.requests.length = 0
    },
  }
}

/**
 * The page fixtures of every spec, plus `project`: the worker's production path. A spec calls
 * `project.reset()` in its beforeAll and `project.release()` in its afterAll.
 */
export const test = pageTest.extend<object, { project: SupabaseProject }>({
  project: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const clean = cleanups()
      try {
        await use(await startProject(clean))
      } finally {
        await clean.run()
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
})

export { expect } from '../fixtures'
