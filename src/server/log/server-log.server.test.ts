import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { logRecords, unstructuredLines } from '#test/support/server-log-lines.ts'

/**
 * A process of its own: installing the logging replaces the console and the process's handlers,
 * which this test's worker must keep.
 */
function runWithServerLogging(body: string) {
  const script = `
    import { installServerLogging } from ${JSON.stringify(resolve('src/server/log/server-log.server.ts'))}
    import { consoleLogger } from ${JSON.stringify(resolve('supabase/functions/_shared/log.ts'))}
    installServerLogging()
    ${body}
  `
  const run = spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
    encoding: 'utf8',
    timeout: 30_000,
  })
  return { ...run, output: `${run.stdout}${run.stderr}` }
}

describe('installServerLogging', () => {
  it('writes every line as JSON with a level: our events (from either copy of log.ts), console calls, Node warnings and uncaught errors', () => {
    const run = runWithServerLogging(`
      consoleLogger.info('contact.accepted', { id: 7 })
      consoleLogger.error('contact.store_failed', { error: 'Error: disk full' })
      // A second copy of log.ts, as the server's bundles hold: it writes through pino too.
      const copy = await import(${JSON.stringify(`${pathToFileURL(resolve('supabase/functions/_shared/log.ts'))}?second-copy`)})
      copy.consoleLogger.warn('contact.rate_limited', { waitS: 30 })
      console.log('\\u001B[32m➜ Listening on:\\u001B[0m', 'http://127.0.0.1:3000/')
      console.warn('Skipped gallery row %s: %s', 'no-title', 'no title')
      console.error('Gallery load failed:', new Error('Data API down'))
      console.debug({ nested: { deep: [1, 2] } })
      process.emitWarning('listener leak', 'MaxListenersExceededWarning')
      Promise.reject(new TypeError('nobody caught this'))
      setTimeout(() => { throw new RangeError('thrown in a timer') })
      setTimeout(() => process.exit(0), 50)
    `)
    expect(run.status, run.output).toBe(0)
    expect(unstructuredLines(run.output)).toEqual([])
    // Info on stdout, warnings and errors on stderr, each in the order written.
    const events = (text: string) => logRecords(text).map(({ level, event }) => `${level} ${event}`)
    expect(events(run.stdout)).toEqual(['info contact.accepted', 'info console', 'info console'])
    expect(events(run.stderr)).toEqual([
      'error contact.store_failed',
      'warn contact.rate_limited',
      'warn console',
      'error console',
      'warn process.warning',
      'error process.unhandled_rejection',
      'error process.uncaught_exception',
    ])
    // The Logger's lines keep their shape: level, event, fields, time.
    expect(run.stdout.split('\n')[0]).toMatch(
      /^\{"level":"info","event":"contact\.accepted","id":7,"time":"[^"]+"\}$/,
    )
    const records = logRecords(run.output)
    expect(records).toContainEqual(
      expect.objectContaining({ msg: '➜ Listening on: http://127.0.0.1:3000/' }),
    )
    expect(records).toContainEqual(
      expect.objectContaining({ msg: 'Skipped gallery row no-title: no title' }),
    )
    expect(records).toContainEqual(
      expect.objectContaining({ msg: '{ nested: { deep: [ 1, 2 ] } }' }),
    )
    // An error's stack stays whole, inside the line.
    expect(records).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'Gallery load failed: Error: Data API down',
        error: 'Error: Data API down',
        stack: expect.stringMatching(/^Error: Data API down\n\s+at /),
      }),
    )
    expect(records).toContainEqual(
      expect.objectContaining({
        event: 'process.uncaught_exception',
        error: 'RangeError: thrown in a timer',
        stack: expect.stringContaining('\n'),
      }),
    )
    expect(records).toContainEqual(
      expect.objectContaining({
        event: 'process.warning',
        name: 'MaxListenersExceededWarning',
        error: 'MaxListenersExceededWarning: listener leak',
      }),
    )
  })
})
