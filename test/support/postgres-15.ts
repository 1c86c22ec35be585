import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'
import { freeLoopbackPort } from '../../scripts/lib/free-port.ts'

const run = promisify(execFile)

export interface Postgres15Binaries {
  initdb: string
  pgCtl: string
}

const versionOf = (initdb: string) => {
  try {
    return execFileSync(initdb, ['--version'], { encoding: 'utf8' })
  } catch {
    return ''
  }
}

/** PG15_BIN_DIR when set, else Debian's PostgreSQL 15 or an initdb 15 on PATH; undefined when absent. */
export function findPostgres15Binaries(): Postgres15Binaries | undefined {
  const chosen = process.env.PG15_BIN_DIR
  const directories = chosen
    ? [chosen]
    : ['/usr/lib/postgresql/15/bin', ...(process.env.PATH ?? '').split(delimiter)].filter(Boolean)
  for (const directory of directories) {
    const initdb = join(directory, 'initdb')
    const pgCtl = join(directory, 'pg_ctl')
    if (existsSync(initdb) && existsSync(pgCtl) && / 15\.\d+/.test(versionOf(initdb))) {
      return { initdb, pgCtl }
    }
  }
  return undefined
}

export interface Postgres15Cluster {
  host: string
  port: number
  user: string
  database: string
  stop(): Promise<void>
}

/**
 * Starts a throwaway PostgreSQL 15 cluster on 127.0.0.1 (trust auth, fsync off) in a fresh
 * directory under the temp dir. As root, initdb refuses to run, so it runs as `postgres`.
 */
export async function startPostgres15(binaries: Postgres15Binaries): Promise<Postgres15Cluster> {
  const asRoot = process.getuid?.() === 0
  const asServerUser = (binary: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', binary, ...args]) : run(binary, args)

  const root = mkdtempSync(join(tmpdir(), 'pg15-'))
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(root, uid, gid)
  }
  const dataDir = join(root, 'data')
  const stopServer = () =>
    asServerUser(binaries.pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {})
  const removeFiles = () => rmSync(root, { recursive: true, force: true })

  try {
    await asServerUser(binaries.initdb, [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ])
    const port = await freeLoopbackPort()
    await asServerUser(binaries.pgCtl, [
      '-D',
      dataDir,
      '-l',
      join(root, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root} -c fsync=off`,
      'start',
    ])
    let stopped = false
    const stopOnExit = () => {
      if (stopped) return
      const args = [binaries.pgCtl, '-D', dataDir, '-m', 'immediate', 'stop']
      try {
        if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'ignore' })
        else execFileSync(args[0] as string, args.slice(1), { stdio: 'ignore' })
      } catch {}
      removeFiles()
    }
    process.once('exit', stopOnExit)
    return {
      host: '127.0.0.1',
      port,
      user: 'postgres',
      database: 'postgres',
      async stop() {
        if (stopped) return
        stopped = true
        process.off('exit', stopOnExit)
        await stopServer()
        removeFiles()
      },
    }
  } catch (error) {
    await stopServer()
    removeFiles()
    throw error
  }
}
