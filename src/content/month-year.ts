const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/**
 * "March 2026" (or "Mar 2026" when `short`) from a YYYY-MM-DD date, read from the string itself:
 * no time zone can move it a month. Not `Intl` or `toLocaleDateString`: a page's first `Intl`
 * call loads the locale's data on a phone's main thread, ~200 ms of its start-up (decision 047).
 */
export function monthYear(isoDate: string, length: 'long' | 'short' = 'long'): string {
  const match = /^(\d{4})-(\d{2})/.exec(isoDate)
  const name = match ? monthNames[Number(match[2]) - 1] : undefined
  if (!match || !name) throw new Error(`Not a YYYY-MM-DD date: "${isoDate}"`)
  return `${length === 'short' ? name.slice(0, 3) : name} ${match[1]}`
}
