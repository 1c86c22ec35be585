/** `npm run bench`: every benchmark in turn; each writes its section of bench/results.md. */
import { spawnSync } from 'node:child_process'

const benches = [['bench/first-load.ts', '/']]

for (const [script, ...args] of benches) {
  console.log(`\n▶ ${script} ${args.join(' ')}`)
  const result = spawnSync(process.execPath, [script as string, ...args], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
