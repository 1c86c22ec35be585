import { css } from 'styled-system/css'

/** The visible mark on a template's stand-in proof, so no visitor takes it for the company's own. */
export function SampleMark({ what }: { what: string }) {
  return (
    <span
      data-sample-mark=""
      title={`A sample ${what}: the company's own replaces it`}
      className={css({
        display: 'inline-block',
        verticalAlign: 'middle',
        px: '1.5',
        borderRadius: 'sm',
        borderWidth: '1px',
        borderColor: 'currentColor',
        fontSize: 'xs',
        fontWeight: '700',
        letterSpacing: '0.04em',
        textTransform: 'uppercase',
        lineHeight: '1.5',
      })}
    >
      Sample
      <span className={css({ srOnly: true })}> {what}</span>
    </span>
  )
}
