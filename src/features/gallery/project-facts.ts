import type { ProjectFacts } from './gallery-item'

const dollars = new Intl.NumberFormat('en-CA', {
  style: 'currency',
  currency: 'CAD',
  currencyDisplay: 'narrowSymbol',
  maximumFractionDigits: 0,
})

/** "6 weeks", "1 week". */
export const formatWeeks = (weeks: number) => `${weeks} ${weeks === 1 ? 'week' : 'weeks'}`

/** "$30,000–$80,000", or "$45,000" for a band of one figure. */
export function formatBudget({ from, to }: NonNullable<ProjectFacts['budget']>) {
  return from === to ? dollars.format(from) : `${dollars.format(from)}–${dollars.format(to)}`
}

/** The facts as labelled lines, in reading order; empty when the owner gave none. */
export function projectFactLines(facts: ProjectFacts | undefined) {
  const lines: { label: string; value: string }[] = []
  if (facts?.scope) lines.push({ label: 'Scope', value: facts.scope })
  if (facts?.weeks) lines.push({ label: 'Duration', value: formatWeeks(facts.weeks) })
  if (facts?.budget) lines.push({ label: 'Budget', value: formatBudget(facts.budget) })
  return lines
}
