/**
 * Structured logging for the site's server and the edge function. Fields carry ids, statuses and
 * error summaries only: never a visitor's name, address, phone or message.
 */
export type LogFields = Record<string, string | number | boolean | null | undefined>

export interface Logger {
  info(event: string, fields?: LogFields): void
  warn(event: string, fields?: LogFields): void
  error(event: string, fields?: LogFields): void
}

export type LogLevel = 'info' | 'warn' | 'error'
/** Writes one line: `level` first, then the record's fields in order. */
type LineWriter = (level: LogLevel, record: Record<string, unknown>) => void

// Kept on globalThis: the Node server's bundles hold this module twice (Nitro's entry and plugins
// apart from Start's SSR bundle; src/server/process-state.server.ts), and both must write alike.
const writerSlot = Symbol.for('maple-hearth:log-writer')
const writers = globalThis as unknown as Record<symbol, LineWriter | undefined>

/** The console by default (the edge function's runtime collects it); the Node server sets pino. */
function writeLine(level: LogLevel, record: Record<string, unknown>): void {
  const writer = writers[writerSlot]
  if (writer) writer(level, record)
  else console[level](JSON.stringify({ level, ...record }))
}

/** Where every Logger line goes from now on (the Node server's own writer; see server-log.server.ts). */
export function writeLogLinesWith(writer: LineWriter): void {
  writers[writerSlot] = writer
}

const write =
  (level: LogLevel) =>
  (event: string, fields: LogFields = {}): void =>
    writeLine(level, { event, ...fields, time: new Date().toISOString() })

/** One JSON line per event. */
export const consoleLogger: Logger = {
  info: write('info'),
  warn: write('warn'),
  error: write('error'),
}

/** For tests: keeps every entry. */
export function createMemoryLogger() {
  const entries: { level: string; event: string; fields: LogFields }[] = []
  const push =
    (level: string) =>
    (event: string, fields: LogFields = {}) => {
      entries.push({ level, event, fields })
    }
  return { entries, info: push('info'), warn: push('warn'), error: push('error') }
}

/**
 * An error for a log line: its one-line summary and its stack, which JSON keeps on the one line
 * (`\n` escaped), so the alert rule still sees it whole.
 */
export function errorFields(error: unknown): { error: string; stack?: string } {
  const stack = error instanceof Error ? error.stack : undefined
  return { error: describeError(error), ...(stack !== undefined && { stack }) }
}

/** A short, single-line description of an error for logs and the database (no stack). */
export function describeError(error: unknown, max = 300): string {
  let text: string
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    text = `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}`
  } else {
    text = String(error)
  }
  const oneLine = text.replace(/\s+/g, ' ').trim()
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine
}
