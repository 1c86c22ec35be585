/**
 * Every line the Node server writes is one JSON object with a `level`, so one alert rule on
 * `"level":"error"` sees everything (docs/monitoring.md): our events, and whatever the framework,
 * a library or Node itself prints. pino writes the lines, synchronously, info to stdout and
 * warnings and errors to stderr (docs/decisions/038).
 */
import { formatWithOptions, stripVTControlCharacters } from 'node:util'
import pino from 'pino'
import { processState } from '#src/server/process-state.server.ts'
import {
  consoleLogger,
  describeError,
  errorFields,
  type LogLevel,
  writeLogLinesWith,
} from '#supabase/functions/_shared/log.ts'

/** What each console method becomes (`debug` and `log` are info). */
const consoleLevels = { debug: 'info', log: 'info', info: 'info', warn: 'warn', error: 'error' }

// Once per process: the bundles hold this module twice (process-state.server.ts).
const installed = processState('server-logging', () => ({ done: false }))

export function installServerLogging(): void {
  if (installed.done) return
  installed.done = true
  // process.stdout and process.stderr write synchronously to files and pipes on Linux, and keep
  // their EPIPE handling (node-entry.ts).
  const lines = pino(
    {
      base: undefined,
      // Our lines carry `time` last (log.ts); pino's would come before the event.
      timestamp: false,
      formatters: { level: (label) => ({ level: label }) },
    },
    pino.multistream(
      [
        { level: 'info', stream: process.stdout },
        { level: 'warn', stream: process.stderr },
      ],
      { dedupe: true },
    ),
  )
  writeLogLinesWith((level, record) => lines[level](record))

  // A line printed with console.* (the framework's, a library's, one of ours): its text in `msg`,
  // an error's stack in `stack`.
  for (const [method, level] of Object.entries(consoleLevels) as [
    keyof typeof consoleLevels,
    LogLevel,
  ][]) {
    console[method] = (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error)
      const text = formatWithOptions(
        { breakLength: Number.POSITIVE_INFINITY, colors: false },
        ...args.map((arg) => (arg instanceof Error ? describeError(arg, 1_000) : arg)),
      )
      const fields = { event: 'console', ...(error !== undefined && errorFields(error)) }
      lines[level]({ ...fields, time: new Date().toISOString() }, stripVTControlCharacters(text))
    }
  }

  process.on('uncaughtException', (error) =>
    consoleLogger.error('process.uncaught_exception', errorFields(error)),
  )
  process.on('unhandledRejection', (reason) =>
    consoleLogger.error('process.unhandled_rejection', errorFields(reason)),
  )
  // Node prints its warnings (deprecations, a listener leak) as plain text unless this replaces it.
  process.removeAllListeners('warning')
  process.on('warning', (warning) =>
    consoleLogger.warn('process.warning', { name: warning.name, ...errorFields(warning) }),
  )
}
