import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freeLoopbackPort } from '#scripts/lib/free-port.ts'

export function build(extraEnv: Record<string, string> = {}) {
  const result = spawnSync('npm', ['run', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...extraEnv },
  })
  if (result.status !== 0) throw new Error('build failed')
}

/** `--no-build`: reuse the `.output/` that bench/run.ts (or you) just built. */
export const skipBuild = () => process.argv.includes('--no-build')

/** Arguments that are not flags (routes, for example). */
export const positionalArgs = () => process.argv.slice(2).filter((arg) => !arg.startsWith('--'))

export type RunningServer = {
  origin: string
  process: ChildProcess
  /** The throwaway DATA_DIR the server writes its database, outbox and inbox snapshot to. */
  dataDir: string
  /** What the server wrote to stderr so far (the last 200 kB). */
  stderr: () => string
  stop: () => Promise<void>
}

export type ServeSettings = { env: Record<string, string>; nodeFlags: string[] }

/**
 * How `npm run serve` starts the server (package.json): the `NAME=value` words before `node`, and
 * Node's flags after it (on the command line: not every V8 flag is allowed in NODE_OPTIONS).
 */
export function serveSettings(): ServeSettings {
  const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: Record<string, string>
  }
  const serve = packageJson.scripts.serve ?? ''
  const prefix = serve.slice(0, serve.indexOf('node '))
  return {
    env: Object.fromEntries(
      [...prefix.matchAll(/([A-Z_]+)=(\S+)/g)].map(([, name = '', value = '']) => [name, value]),
    ),
    nodeFlags: serve
      .slice(serve.indexOf('node ') + 'node '.length)
      .split(/\s+/)
      .filter((word) => word.startsWith('--')),
  }
}

/**
 * Starts the production build on 127.0.0.1 with a throwaway data directory. Its stderr is
 * passed through unless `quietStderr` (then only kept, for the caller to summarise); Node's
 * flags are `nodeFlags` (serveSettings() gives `npm run serve`'s).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { quietStderr?: boolean; nodeFlags?: string[] } = {},
): Promise<RunningServer> {
  const port = await freeLoopbackPort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'))
  const child = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), '.output/server/index.mjs'],
    {
      // The server's log (one JSON line per event) is kept, not printed: shown only on failure.
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: origin,
        DATA_DIR: dataDir,
        ...env,
      },
    },
  )
  const exited = once(child, 'exit')
  let log = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000)
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-200_000)
    if (!options.quietStderr) process.stderr.write(chunk)
  })
  let ready = false
  // A new data directory is created and migrated first: seconds on a quiet machine, most of a
  // minute under load 20 (seen), so the wait is long.
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline && !ready && child.exitCode === null) {
    try {
      ready = (await fetch(`${origin}/`, { signal: AbortSignal.timeout(5_000) })).ok
    } catch {}
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (!ready) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    throw new Error(
      `the production server did not answer 200 on ${origin}/ within 120 s; its log ends:\n${log}\n${stderr.slice(-4000)}`,
    )
  }
  return {
    origin,
    process: child,
    dataDir,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        // Graceful shutdown takes up to 5 s; never wait forever.
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
        await exited
        clearTimeout(timer)
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Resident memory of a process in bytes (VmRSS in /proc/<pid>/status), or undefined. */
export function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) * 1024 : undefined
  } catch {
    return undefined
  }
}

export interface ProcessMemory {
  /** VmRSS. */
  resident: number
  /**
   * WebAssembly linear memories: V8 maps each in a reservation of several GiB (the guard region
   * around a 32-bit memory) whose read-write part is the memory's current size. In the server
   * that is PGlite's Postgres (undici's HTTP parser adds well under 1 MiB).
   */
  wasm: { size: number; resident: number }
  /**
   * glibc's arenas for threads other than the main one (64 MiB-aligned heaps of 64 MiB): native
   * memory allocated on libuv's pool (zlib and brotli streams, file system calls) and V8's helper
   * threads. Freed memory stays in an arena for reuse, so this is a high-water mark.
   */
  threadArenas: number
  /**
   * V8's heap pages: anonymous mappings V8 places at random addresses below 2^46 (its mmap hint
   * mask on x64), apart from the main thread's brk heap. Includes garbage until V8 collects it.
   */
  v8Heap: number
}

/**
 * VmRSS with its WebAssembly, thread-arena and V8 heap parts, from /proc/<pid>/smaps (a few milliseconds;
 * nothing is asked of the process itself). Undefined once the process is gone.
 */
export function processMemory(pid: number | undefined): ProcessMemory | undefined {
  if (pid === undefined) return undefined
  let smaps: string
  try {
    smaps = readFileSync(`/proc/${pid}/smaps`, 'utf8')
  } catch {
    return undefined
  }
  type Mapping = {
    start: bigint
    end: bigint
    perms: string
    anonymous: boolean
    brk: boolean
    rss: number
  }
  const mappings: Mapping[] = []
  for (const line of smaps.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line)
    if (head) {
      mappings.push({
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3] as string,
        anonymous: head[4] === '0' && (head[5] ?? '') === '',
        brk: head[5] === '[heap]',
        rss: 0,
      })
      continue
    }
    const rss = /^Rss:\s+(\d+) kB$/.exec(line)
    const last = mappings[mappings.length - 1]
    if (rss && last) last.rss = Number(rss[1]) * 1024
  }
  // A read-write anonymous mapping directly followed by an inaccessible one, the two spanning at
  // least 4 GiB: the memory and the rest of its reservation. (Node's V8 has no pointer-compression
  // cage, the other reservation of that size.)
  const wasm = { size: 0, resident: 0 }
  mappings.forEach((memory, index) => {
    const guard = mappings[index + 1]
    if (
      guard &&
      memory.anonymous &&
      guard.anonymous &&
      memory.perms.startsWith('rw') &&
      guard.perms.startsWith('---') &&
      guard.start === memory.end &&
      guard.end - memory.start >= 4n * 2n ** 30n
    ) {
      wasm.size += Number(memory.end - memory.start)
      wasm.resident += memory.rss
    }
  })
  let threadArenas = 0
  const arenaSize = 64n * 2n ** 20n
  mappings.forEach((heap, index) => {
    if (!heap.anonymous || !heap.perms.startsWith('rw') || heap.start % arenaSize !== 0n) return
    const rest = mappings[index + 1]
    const whole =
      heap.end - heap.start === arenaSize ||
      (rest?.anonymous === true &&
        rest.perms.startsWith('---') &&
        rest.start === heap.end &&
        rest.end - heap.start === arenaSize)
    if (whole) threadArenas += heap.rss
  })
  const v8Heap = mappings
    .filter((m) => m.anonymous && !m.brk && m.start >= 2n ** 32n && m.end <= 2n ** 46n)
    .reduce((sum, m) => sum + m.rss, 0)
  const resident = residentBytes(pid)
  return resident === undefined ? undefined : { resident, wasm, threadArenas, v8Heap }
}
