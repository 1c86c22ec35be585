import { Fragment } from 'react'
import { css } from 'styled-system/css'
import type { ProjectFacts } from '../gallery-item'
import { formatBudget, formatWeeks, projectFactLines } from '../project-facts'

/** The viewer's account of what the project was: nothing when the owner gave no facts. */
export function ProjectFactList({ facts }: { facts: ProjectFacts | undefined }) {
  const lines = projectFactLines(facts)
  if (lines.length === 0) return null
  return (
    <dl
      data-testid="project-facts"
      className={css({
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: '4',
        rowGap: '1',
        fontSize: 'sm',
      })}
    >
      {lines.map(({ label, value }) => (
        <div key={label} className={css({ display: 'contents' })}>
          <dt className={css({ fontWeight: 'semibold' })}>{label}</dt>
          <dd className={css({ color: 'fg.muted' })}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The card's one line: how long and what budget, when the owner gave them. */
export function ProjectFactsLine({ facts }: { facts: ProjectFacts | undefined }) {
  const parts = [
    facts?.weeks ? formatWeeks(facts.weeks) : undefined,
    facts?.budget ? formatBudget(facts.budget) : undefined,
  ].filter((part) => part !== undefined)
  if (parts.length === 0) return null
  return (
    <p data-testid="project-card-facts" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
      {parts.map((part, index) => (
        // Each part whole on a narrow card: a line breaks after the dot, never inside the band.
        <Fragment key={part}>
          {index > 0 ? ' · ' : null}
          <span className={css({ whiteSpace: 'nowrap' })}>{part}</span>
        </Fragment>
      ))}
    </p>
  )
}
