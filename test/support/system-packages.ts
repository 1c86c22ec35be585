// The programs the suite runs that `npm install` does not bring (Deno does come from npm), found
// where Debian puts them, each with the command that installs it. A test that needs one that is
// missing fails with that command: it never skips.
import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { findPostgres15Binaries, type Postgres15Binaries } from './postgres-15.ts'

/**
 * CHROMIUM_PATH when set, else Debian's headless shell of Chromium (the same engine without the
 * desktop browser around it, which Playwright itself runs headless tests in: 26 % less CPU for
 * the end-to-end suite here, decision 036); undefined means Playwright's own browser.
 */
export const systemChromium =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : undefined)

const onPath = (program: string) =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .some((directory) => directory && existsSync(join(directory, program)))

export interface SystemPackage {
  what: string
  /** Debian 12's package. */
  debian: string
  neededBy: string
  present(): boolean
}

export const postgres15: SystemPackage = {
  what: 'PostgreSQL 15 server binaries (initdb, pg_ctl; or PG15_BIN_DIR)',
  debian: 'postgresql-15',
  neededBy: 'the database tests (vitest, Deno, Playwright)',
  present: () => findPostgres15Binaries() !== undefined,
}

export const chromium: SystemPackage = {
  what: "Chromium's headless shell (/usr/bin/chromium-headless-shell or CHROMIUM_PATH)",
  debian: 'chromium-headless-shell',
  neededBy: 'the end-to-end tests (Playwright)',
  present: () => systemChromium !== undefined && existsSync(systemChromium),
}

export const java: SystemPackage = {
  what: 'Java 11 or later (java on PATH)',
  debian: 'default-jre-headless',
  neededBy: 'e2e/html-validity.spec.ts (the W3C checker in vnu-jar)',
  present: () => onPath('java'),
}

export const suiteSystemPackages = [chromium, postgres15, java]

const missingError = (missing: readonly SystemPackage[]) =>
  new Error(
    [
      'Missing from this machine:',
      ...missing.map((gone) => `  - ${gone.what}, for ${gone.neededBy}`),
      `Install (Debian 12): apt-get install -y --no-install-recommends ${missing.map((gone) => gone.debian).join(' ')}`,
    ].join('\n'),
  )

/** Throws, naming what is missing and the command that installs it. */
export function requireSystemPackages(packages: readonly SystemPackage[]) {
  const missing = packages.filter((needed) => !needed.present())
  if (missing.length > 0) throw missingError(missing)
}

/** PostgreSQL 15's initdb and pg_ctl, or the error that says how to install them. */
export function requirePostgres15Binaries(): Postgres15Binaries {
  const binaries = findPostgres15Binaries()
  if (!binaries) throw missingError([postgres15])
  return binaries
}

/** Throws unless this process may make Linux namespaces and mounts: root, as under `.ci/run`. */
export function requireRoot(spec: string) {
  if (process.getuid?.() === 0) return
  throw new Error(
    `${spec} runs servers in Linux namespaces and mounts of their own (unshare, mount, nsenter), which only root may make: run the suite as root, as .ci/run does (sudo npm test).`,
  )
}
