/**
 * Reads what a server wrote: every line must be one JSON object with a `level` (the one alert
 * rule of docs/monitoring.md sees only those).
 */
export interface LogRecord {
  level: string
  event?: string
  msg?: string
  [field: string]: unknown
}

function parseLine(line: string): LogRecord | undefined {
  try {
    const record: unknown = JSON.parse(line)
    if (typeof record === 'object' && record !== null && !Array.isArray(record)) {
      return typeof (record as LogRecord).level === 'string' ? (record as LogRecord) : undefined
    }
  } catch {
    // Not JSON: reported by the caller.
  }
  return undefined
}

/** The lines of `output` that are not a JSON object with a `level` (blank lines aside). */
export const unstructuredLines = (output: string): string[] =>
  output.split('\n').filter((line) => line.trim() !== '' && parseLine(line) === undefined)

/** The JSON lines of `output`, of one event if given. */
export const logRecords = (output: string, event?: string): LogRecord[] =>
  output
    .split('\n')
    .flatMap((line) => parseLine(line) ?? [])
    .filter((record) => event === undefined || record.event === event)

/** Each line's words (`msg`), one a line: what the server said, with no JSON escaping. */
export const loggedText = (output: string): string =>
  logRecords(output)
    .map((record) => record.msg ?? '')
    .join('\n')
