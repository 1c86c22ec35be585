import type { ProjectFacts } from './gallery-item'

/**
 * "$45,000": whole dollars. Not `Intl.NumberFormat`: a page's first `Intl` call loads the
 * locale's data on the main thread, ~50 ms of a phone's start-up (decision 047).
 */
const dollars = (amount: number) =>
  `$${Math.round(amount)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`

/** "6 weeks", "1 week". */
export const formatWeeks = (weeks: number) => `${weeks} ${weeks === 1 ? 'week' : 'weeks'}`

/** "$30,000–$80,000", or "$45,000" for a band of one figure. */
export function formatBudget({ from, to }: NonNullable<ProjectFacts['budget']>) {
  return from === to ? dollars(from) : `${dollars(from)}–${dollars(to)}`
}

/** The facts as labelled lines, in reading order; empty when the owner gave none. */
export function projectFactLines(facts: ProjectFacts | undefined) {
  const lines: { label: string; value: string }[] = []
  if (facts?.scope) lines.push({ label: 'Scope', value: facts.scope })
  if (facts?.weeks) lines.push({ label: 'Duration', value: formatWeeks(facts.weeks) })
  if (facts?.budget) lines.push({ label: 'Budget', value: formatBudget(facts.budget) })
  return lines
}
