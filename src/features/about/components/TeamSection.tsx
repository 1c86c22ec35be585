import { css } from 'styled-system/css'
import { proof, type Team } from '#app.config.ts'
import { SampleMark } from '#src/components/SampleMark.tsx'
import { Section } from '#src/components/Section.tsx'
import { SectionHeading } from '#src/components/SectionHeading.tsx'

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('')

const portrait = css({
  w: '24',
  h: '24',
  borderRadius: 'full',
  objectFit: 'cover',
  bg: 'brand.subtle',
  color: 'brand.text',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontFamily: 'heading',
  fontSize: '2xl',
  fontWeight: '600',
})

/** The owner and crew by name and role: a photo where the owner gave one, their initials where not. */
export function TeamSection({ team = proof.team }: { team?: Team }) {
  if (!team || team.members.length === 0) return null
  return (
    <Section labelledBy="team-heading">
      <SectionHeading
        id="team-heading"
        title="The People You Will Meet"
        subtitle={
          <>
            The same people from the first visit to the last walkthrough.{' '}
            {team.sample ? <SampleMark what="names and roles" /> : null}
          </>
        }
        centered
      />
      <ul
        className={css({
          display: 'grid',
          gap: '8',
          gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' },
          textAlign: 'center',
        })}
      >
        {team.members.map((member) => (
          <li
            key={member.name}
            className={css({ display: 'grid', gap: '2', justifyItems: 'center' })}
          >
            {member.photo ? (
              <img src={member.photo} alt="" width={96} height={96} className={portrait} />
            ) : (
              <span aria-hidden="true" className={portrait}>
                {initialsOf(member.name)}
              </span>
            )}
            <strong className={css({ color: 'fg.heading' })}>{member.name}</strong>
            <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{member.role}</span>
          </li>
        ))}
      </ul>
    </Section>
  )
}
