import { type ChildProcess, spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { unstructuredLines } from '../support/server-log-lines.ts'
import { testV8Flags } from '../support/test-v8-flags.ts'

/**
 * The production build (`.output/server/index.mjs`) as its own process, for fault tests: real
 * signals (SIGTERM, SIGKILL), real restarts on the same DATA_DIR, real sockets. Ports come from
 * 3400-3449 (the fault suite's range, ten per Playwright worker; FAULT_PORT_BASE moves it, for two
 * checkouts testing at once); data directories live under /tmp.
 */
export interface ServerProcess {
  readonly url: string
  readonly port: number
  readonly dataDir: string
  readonly pid: number
  /** Everything the server printed so far (stdout and stderr). */
  output(): string
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  signal(signal: NodeJS.Signals): void
  /** Waits until the output matches (bounded by a guard against a hang, 60 s unless given). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>
  /** SIGKILL (its children too) if still running, and wait for the exit (for test clean-up). */
  stop(): Promise<void>
}

export interface StartServerOptions {
  dataDir: string
  /** Another build's entry (default .output/server/index.mjs), or a script that serves one. */
  entry?: string
  /** A command that runs the server, given as its last arguments (e.g. unshare, for a container). */
  launcher?: string[]
  /** The whole command line instead of node and the entry (`npm run serve`, as a container's CMD). */
  command?: string[]
  /** Node's flags instead of the tests' own (testV8Flags): a bench gives those of `npm run serve`. */
  nodeFlags?: string[]
  /** The server's environment on top of PORT, HOST, SITE_URL and DATA_DIR. */
  env?: Record<string, string>
  port?: number
  /** Waits until this path answers (any status). Default '/favicon.svg' (a static file). */
  readyPath?: string
  /**
   * False: return at once, before the server listens (for tests of its start). Otherwise wait
   * until it listens and answers: it listens only once its services have started (embedded: the
   * database is open, or failed to open).
   */
  waitUntilServing?: boolean
  timeoutMs?: number
  /**
   * True: the embedded database is created and migrated by this start, as on a first deploy.
   * Otherwise an empty data directory gets a copy of a migrated one (see `migratedDatabase`),
   * unless another entry, a launcher or Supabase mode is given.
   */
  freshDatabase?: boolean
}

const serverEntry = resolve('.output/server/index.mjs')
/** The pinned Node 24 (the system Node 20 cannot run the build). */
const nodeBinary = existsSync(resolve('node_modules/.bin/node'))
  ? resolve('node_modules/.bin/node')
  : process.execPath

/**
 * Only what a process needs to run: the test runner's own variables (CI and TEST among them,
 * which make srvx skip its graceful shutdown) and any of the site's variables must not leak in.
 */
function baseEnvironment(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR']
  return Object.fromEntries(
    keep.flatMap((name) => (process.env[name] ? [[name, process.env[name] as string]] : [])),
  )
}

const portIsFree = (port: number) =>
  new Promise<boolean>((done) => {
    const probe = createServer()
    probe.once('error', () => done(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)))
  })

// Each Playwright worker (TEST_PARALLEL_INDEX) gets its own ten ports, so two workers never pick
// the same one between probing it and the server binding it.
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 5
const firstPort = Number(process.env.FAULT_PORT_BASE ?? 3400) + slot * 10
let nextPort = 0

/** A free port of this worker's ten in the range, a different one on each call. */
async function freePort(): Promise<number> {
  for (let tries = 0; tries < 10; tries++) {
    const port = firstPort + (nextPort++ % 10)
    if (await portIsFree(port)) return port
  }
  throw new Error(`no free port in ${firstPort}-${firstPort + 9}`)
}

/**
 * A database this build has created and migrated, made once per build and machine: a server
 * starting on an empty directory spends 4.7 CPU-seconds creating one, against 1.7 on a copy, and
 * the end-to-end suite starts 56 of them (230 CPU-seconds, a fifth of the suite's, on 2 cores).
 * A throwaway server makes it; when two workers race, the first copy to land is kept.
 */
async function migratedDatabase(): Promise<string> {
  const build = JSON.parse(readFileSync(resolve('.output/nitro.json'), 'utf8')) as { date: string }
  const name = `e2e-migrated-pglite-${build.date.replace(/\W/g, '')}`
  const template = join(tmpdir(), name)
  if (existsSync(template)) return template
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-migrating-'))
  const server = await startProductionServer({ dataDir, freshDatabase: true })
  server.signal('SIGTERM')
  const { code } = await server.exited
  if (code !== 0) throw new Error(`the server making ${name} exited ${code}:\n${server.output()}`)
  try {
    renameSync(join(dataDir, 'pglite'), template)
  } catch (error) {
    if (!existsSync(template)) throw error
  }
  rmSync(dataDir, { recursive: true, force: true })
  // Earlier builds' copies (40 MB each) go.
  for (const entry of readdirSync(tmpdir()))
    if (entry.startsWith('e2e-migrated-pglite-') && entry !== name)
      rmSync(join(tmpdir(), entry), { recursive: true, force: true })
  return template
}

/**
 * Lines a server wrote that are not JSON with a level, each after the server's pid: the one alert
 * rule (docs/monitoring.md) would not see them. e2e/fixtures.ts fails the test that saw one.
 */
const linesNotJson: string[] = []

/** The lines not JSON with a level written since the last call (and forgets them). */
export function takeLinesNotJson(): string[] {
  return linesNotJson.splice(0)
}

/** Checks each whole line of a stream as it arrives; the rest when the stream ends. */
function checkLinesOf(stream: NodeJS.ReadableStream | null, pid: number | undefined) {
  let partial = ''
  const check = (text: string) => {
    for (const line of unstructuredLines(text)) linesNotJson.push(`[pid ${pid}] ${line}`)
  }
  stream?.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8')
    const end = text.lastIndexOf('\n')
    partial = text.slice(end + 1)
    check(text.slice(0, end + 1))
  })
  stream?.on('end', () => check(partial))
}

/**
 * Every server this process started that still runs, killed when the process exits: a test that
 * times out while its server starts never gets the server to stop, and it would outlive the run.
 */
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) kill(child)
})

/**
 * SIGKILL for the process and its children: under a launcher that forks (a container's
 * `unshare --fork`) the server is the launcher's child, and the launcher would pass on a SIGTERM
 * whose graceful stop writes into a data directory a clean-up is removing.
 */
function kill(child: ChildProcess) {
  for (const pid of child.pid ? childrenOf(child.pid) : []) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Gone meanwhile.
    }
  }
  child.kill('SIGKILL')
}

export async function startProductionServer(options: StartServerOptions): Promise<ServerProcess> {
  // Not under a launcher: its mount or namespace decides what the server sees of the directory.
  const copiesDatabase =
    !options.entry && !options.launcher && !options.env?.SUPABASE_URL && !options.freshDatabase
  if (copiesDatabase && existsSync(options.dataDir) && readdirSync(options.dataDir).length === 0) {
    cpSync(await migratedDatabase(), join(options.dataDir, 'pglite'), { recursive: true })
  }
  const port = options.port ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const entry = options.entry ? resolve(options.entry) : serverEntry
  if (!existsSync(entry)) throw new Error(`no ${entry}: build it first`)
  const [command, ...launcherArgs] = options.command ?? [
    ...(options.launcher ?? []),
    nodeBinary,
    ...(options.nodeFlags ?? testV8Flags),
    entry,
  ]
  const child: ChildProcess = spawn(command as string, launcherArgs, {
    env: {
      ...baseEnvironment(),
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      DATA_DIR: options.dataDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let output = ''
  const waiters = new Set<() => void>()
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8')
    for (const wake of waiters) wake()
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  // The build's own entry run by node only: a launcher (unshare, a container's init), npm or a
  // stand-in entry (the Netlify emulator) prints words of its own.
  if (command === nodeBinary && entry === serverEntry) {
    checkLinesOf(child.stdout, child.pid)
    checkLinesOf(child.stderr, child.pid)
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      for (const wake of waiters) wake()
      done({ code, signal })
    }),
  )
  let hasExited = false
  void exited.then(() => {
    hasExited = true
  })

  const server: ServerProcess = {
    url,
    port,
    dataDir: options.dataDir,
    pid: child.pid ?? -1,
    output: () => output,
    exited,
    signal: (signal) => {
      if (!hasExited) child.kill(signal)
    },
    waitForOutput(pattern, timeoutMs = 60_000) {
      return new Promise<void>((done, fail) => {
        const check = () => {
          if (pattern.test(output)) {
            cleanup()
            done()
          } else if (hasExited || child.exitCode !== null) {
            cleanup()
            fail(new Error(`server exited before printing ${pattern}:\n${output}`))
          }
        }
        const timer = setTimeout(() => {
          cleanup()
          fail(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output}`))
        }, timeoutMs)
        const cleanup = () => {
          clearTimeout(timer)
          waiters.delete(check)
        }
        waiters.add(check)
        check()
      })
    },
    async stop() {
      if (!hasExited && child.exitCode === null) kill(child)
      await exited
    },
  }

  if (options.waitUntilServing === false) return server
  // Ready when this very process says it listens (not merely when something answers on the
  // port), and then answers.
  const timeoutMs = options.timeoutMs ?? 60_000
  if (!options.env?.TEST) {
    const listening = new RegExp(`Listening on: http://127\\.0\\.0\\.1:${port}/`)
    await server.waitForOutput(listening, timeoutMs).catch(async (error: unknown) => {
      await server.stop()
      throw error
    })
  }
  const readyPath = options.readyPath ?? '/favicon.svg'
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`the server exited while starting:\n${output}`)
    try {
      await fetch(`${url}${readyPath}`, { signal: AbortSignal.timeout(2_000) })
      return server
    } catch {
      await new Promise((wait) => setTimeout(wait, 100))
    }
  }
  await server.stop()
  throw new Error(`the server did not answer within the time limit:\n${output}`)
}

/** The pids of a process's children (from /proc: a container's pid 1). */
export function childrenOf(pid: number): number[] {
  const children: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // pid (command) state ppid ...: the command may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (parent === pid) children.push(Number(entry))
    } catch {
      // Gone meanwhile.
    }
  }
  return children
}
