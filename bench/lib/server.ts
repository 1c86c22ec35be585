import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export function build(extraEnv: Record<string, string> = {}) {
  const result = spawnSync('npm', ['run', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...extraEnv },
  })
  if (result.status !== 0) throw new Error('build failed')
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
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

/**
 * Starts the production build on 127.0.0.1 with a throwaway data directory. Its stderr is
 * passed through unless `quietStderr` (then only kept, for the caller to summarise).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { quietStderr?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'))
  const child = spawn(process.execPath, ['.output/server/index.mjs'], {
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
  })
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
  for (let attempt = 0; attempt < 200 && !ready && child.exitCode === null; attempt++) {
    try {
      ready = (await fetch(`${origin}/`, { signal: AbortSignal.timeout(5_000) })).ok
    } catch {}
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (!ready) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    throw new Error(
      `the production server did not answer 200 on ${origin}/ within 20 s; its log ends:\n${log}\n${stderr.slice(-4000)}`,
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
