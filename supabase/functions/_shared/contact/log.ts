/**
 * Structured logging for the contact pipeline. Fields carry ids, statuses and error summaries
 * only: never a visitor's name, address, phone or message.
 */
export type LogFields = Record<string, string | number | boolean | null | undefined>

export interface Logger {
  info(event: string, fields?: LogFields): void
  warn(event: string, fields?: LogFields): void
  error(event: string, fields?: LogFields): void
}

const write =
  (level: 'info' | 'warn' | 'error') =>
  (event: string, fields: LogFields = {}): void => {
    const line = JSON.stringify({ level, event, ...fields, time: new Date().toISOString() })
    if (level === 'info') console.info(line)
    else if (level === 'warn') console.warn(line)
    else console.error(line)
  }

/** One JSON line per event on the console. */
export const consoleLogger: Logger = {
  info: write('info'),
  warn: write('warn'),
  error: write('error'),
}

/** For tests: keeps every entry. */
export function createMemoryLogger(): Logger & {
  entries: { level: string; event: string; fields: LogFields }[]
} {
  const entries: { level: string; event: string; fields: LogFields }[] = []
  const push =
    (level: string) =>
    (event: string, fields: LogFields = {}) => {
      entries.push({ level, event, fields })
    }
  return { entries, info: push('info'), warn: push('warn'), error: push('error') }
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
