import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { promisify } from 'node:util'

/** The pinned Node 24 (the system Node 20 cannot run the script's dependencies). */
const nodeBinary = existsSync(resolve('node_modules/.bin/node'))
  ? resolve('node_modules/.bin/node')
  : process.execPath

/**
 * `npm run gallery:import` as an owner runs it, with only these variables (besides PATH and
 * HOME): none of the test runner's leak in. Resolves to what it printed, its warnings after the
 * rest.
 */
export async function runGalleryImport(env: Record<string, string>): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(
    nodeBinary,
    [resolve('scripts/gallery-import.ts')],
    { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env } },
  )
  return `${stdout}${stderr}`
}
