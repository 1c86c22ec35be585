import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
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

export type RunningServer = { origin: string; process: ChildProcess; stop: () => Promise<void> }

/** Starts the production build on 127.0.0.1 with a throwaway data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['.output/server/index.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: origin,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-data-')),
      ...env,
    },
  })
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      const response = await fetch(`${origin}/`)
      if (response.ok) break
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    origin,
    process: child,
    stop: async () => {
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
}
