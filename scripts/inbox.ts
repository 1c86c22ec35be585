/**
 * `npm run inbox`: the contact messages people sent, newest first, with the state of their
 * notification email.
 *
 * Embedded database (default): reads <DATA_DIR>/inbox/messages.json, the snapshot the server
 * rewrites after every change. It never opens the PGlite directory (two processes on one PGlite
 * directory corrupt it), so it is safe while the server runs, and it works after the server
 * stopped too (the snapshot is written at start and at shutdown as well).
 * Supabase: with SUPABASE_DB_URL (the project's Postgres connection string, from the dashboard)
 * it reads the table directly as service_role.
 *
 * Options: --full (every field and the message text), --json, --limit <n> (default 50).
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import process from 'node:process'
import { inboxDir, inboxSnapshotFile } from '../src/server/contact/inbox-snapshot.server.ts'
import {
  type ContactMessageFields,
  contactFieldLabels,
  contactFieldNames,
} from '../supabase/functions/_shared/contact/contact-schema.ts'
import { createPostgresContactStore } from '../supabase/functions/_shared/contact/contact-store.ts'
import { type InboxMessage, readInboxSnapshot, toInboxMessage } from './lib/inbox-snapshot.ts'
import { withPostgres } from './lib/postgres.ts'

function parseArgs(args: string[]) {
  const options = { full: false, json: false, limit: 50 }
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    if (arg === '--full') options.full = true
    else if (arg === '--json') options.json = true
    else if (arg === '--limit') options.limit = Number(args[++i])
    else if (arg?.startsWith('--limit=')) options.limit = Number(arg.slice('--limit='.length))
    else if (arg === '--help' || arg === '-h') {
      console.info('Usage: npm run inbox [-- --full] [-- --json] [-- --limit <n>]')
      process.exit(0)
    } else {
      console.error(`Unknown option ${arg}. Try --help.`)
      process.exit(2)
    }
  }
  if (!Number.isInteger(options.limit) || options.limit < 1) {
    console.error('--limit needs a whole number above 0')
    process.exit(2)
  }
  return options
}
type Options = ReturnType<typeof parseArgs>

const dateTime = (iso: string) => {
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`
}

const clip = (text: string, width: number) =>
  text.length > width ? `${text.slice(0, width - 1)}…` : text

/** Control characters from a visitor's text must not drive the owner's terminal. */
const printable = (text: string) => text.replace(/\p{Cc}/gu, (c) => (c === '\n' ? '\n' : ' '))

function printTable(messages: InboxMessage[]) {
  const rows = messages.map((m) => [
    dateTime(m.createdAt),
    clip(printable(m.name), 28),
    clip(printable(m.email), 32),
    clip(m.service || '-', 22),
    m.status,
    String(m.attempts),
  ])
  const header = ['date', 'name', 'email', 'service', 'status', 'attempts']
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd()
  console.info(line(header))
  console.info(line(widths.map((width) => '-'.repeat(width))))
  for (const row of rows) console.info(line(row))
}

/** Shown on a message's first line (name, address) and as its text; every other field between. */
const inHeadingOrBody = new Set<keyof ContactMessageFields>(['name', 'email', 'message'])

function printFull(messages: InboxMessage[]) {
  for (const m of messages) {
    console.info(`── ${dateTime(m.createdAt)}  ${printable(m.name)} <${printable(m.email)}>`)
    const details = contactFieldNames
      .filter((field) => !inHeadingOrBody.has(field))
      .map((field) => `${contactFieldLabels[field].toLowerCase()}: ${printable(m[field]) || '-'}`)
    console.info(`   ${[...details, `id: ${m.id}`].join('   ')}`)
    const notified = m.notifiedAt ? ` at ${dateTime(m.notifiedAt)}` : ''
    const next =
      m.status === 'pending' && m.nextAttemptAt ? `, next try ${dateTime(m.nextAttemptAt)}` : ''
    const status =
      m.status === 'held'
        ? "held (captcha not checked, past the hourly limit of such messages: not emailed alone, named in the owner's digest)"
        : `${m.status}${notified} (${m.attempts} attempts${next})`
    console.info(`   notification: ${status}`)
    if (m.lastError && m.status !== 'sent') console.info(`   last error: ${m.lastError}`)
    if (m.captchaProblem) console.info(`   spam check: NOT CHECKED (${m.captchaProblem})`)
    console.info('')
    for (const text of printable(m.message).split('\n')) console.info(`   ${text}`)
    console.info('')
  }
}

function show(messages: InboxMessage[], total: number, source: string, options: Options) {
  const shown = messages.slice(0, options.limit)
  if (options.json) {
    console.info(JSON.stringify({ total, source, messages: shown }, null, 2))
    return
  }
  console.info(`${total} message${total === 1 ? '' : 's'} (${source})`)
  if (shown.length === 0) return
  console.info('')
  if (options.full) printFull(shown)
  else printTable(shown)
  if (total > shown.length)
    console.info(`\n… ${total - shown.length} older; use --limit to see more`)
}

async function main() {
  const options = parseArgs(process.argv.slice(2))
  if (existsSync('.env')) process.loadEnvFile('.env')
  const env = (name: string) => process.env[name]?.trim() || undefined

  const dbUrl = env('SUPABASE_DB_URL')
  if (dbUrl) {
    const { total, messages } = await withPostgres(dbUrl, (db) =>
      createPostgresContactStore(db).list({ limit: options.limit }),
    )
    return show(messages.map(toInboxMessage), total, 'Supabase database', options)
  }
  if (env('SUPABASE_URL')) {
    console.error(
      'Messages are stored in Supabase (SUPABASE_URL is set). Set SUPABASE_DB_URL to the ' +
        "project's Postgres connection string to list them here, or open the table " +
        'contact_messages in the Supabase dashboard.',
    )
    process.exitCode = 1
    return
  }

  // Same default as DATA_DIR in app.config.ts.
  const dataDir = resolve(env('DATA_DIR') ?? '.data')
  const dir = inboxDir(dataDir)
  const snapshot = await readInboxSnapshot(dir)
  if (!snapshot) {
    console.info(
      `No messages yet: ${join(dir, inboxSnapshotFile)} does not exist. The server writes it ` +
        'when it starts and after every message (DATA_DIR is ' +
        `${dataDir}).`,
    )
    return
  }
  show(
    snapshot.messages,
    snapshot.total,
    `as of ${dateTime(snapshot.generatedAt)}; emails without SMTP are in ${join(dataDir, 'outbox')}`,
    options,
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
