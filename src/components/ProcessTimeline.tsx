import { css } from 'styled-system/css'
import type { Step } from '#src/content/schemas/content.schema.ts'

/** The numbered steps of how a project runs, as an ordered list. */
export function ProcessTimeline({ steps }: { steps: readonly Step[] }) {
  return (
    <ol
      className={css({
        display: 'grid',
        gap: '0',
        counterReset: 'step',
        maxW: '760px',
        mx: 'auto',
      })}
    >
      {steps.map((step, index) => (
        <li
          key={step.title}
          className={css({
            position: 'relative',
            display: 'grid',
            gridTemplateColumns: '3.5rem 1fr',
            gap: '5',
            pb: index === steps.length - 1 ? '0' : '8',
          })}
        >
          <span aria-hidden="true" className={stepNumber}>
            {index + 1}
          </span>
          {index < steps.length - 1 ? <span aria-hidden="true" className={stepLine} /> : null}
          <div className={css({ pt: '2.5' })}>
            <h3 className={css({ textStyle: 'h3', fontSize: 'xl' })}>
              <span className={css({ srOnly: true })}>Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className={css({ color: 'fg.muted', mt: '1.5' })}>{step.description}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}

/** The step's number in a navy disc. */
const stepNumber = css({
  position: 'relative',
  zIndex: '1',
  w: '14',
  h: '14',
  borderRadius: 'full',
  bg: 'brand.solid',
  color: 'fg.inverse',
  fontFamily: 'heading',
  fontWeight: '600',
  fontSize: 'xl',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
})
/** The line down to the next step's number. */
const stepLine = css({
  position: 'absolute',
  left: '7',
  top: '14',
  bottom: '0',
  w: '2px',
  bg: 'border.strong',
})
