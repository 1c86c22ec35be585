import { postgres15, requireSystemPackages } from './system-packages.ts'

/** The database tests need PostgreSQL 15: without it the run fails with the command that installs it. */
export function setup() {
  requireSystemPackages([postgres15])
}
