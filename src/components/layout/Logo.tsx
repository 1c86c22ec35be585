import { css } from 'styled-system/css'
import { company } from '../../../app.config'

type LogoProps = { tone: 'light' | 'dark' }

/** The wordmark: white over dark heroes, navy and copper on white. */
export function Logo({ tone }: LogoProps) {
  const ink = tone === 'light' ? '#ffffff' : '#143358'
  const mark = tone === 'light' ? '#eaa86b' : '#a3591a'
  return (
    <svg
      viewBox="0 0 220 48"
      width="176"
      height="38"
      role="img"
      aria-label={company.name}
      data-tone={tone}
      className={css({ display: 'block', h: { base: '9', lg: '10' }, w: 'auto' })}
    >
      <path d="M4 24 24 6l20 18" fill="none" stroke={mark} strokeWidth="4" strokeLinejoin="round" />
      <path d="M10 22v20h28V22" fill="none" stroke={ink} strokeWidth="3.5" strokeLinejoin="round" />
      <path d="M20 42V30h8v12" fill="none" stroke={ink} strokeWidth="3" />
      <text
        x="54"
        y="23"
        fill={ink}
        fontFamily="Georgia, Cambria, serif"
        fontSize="20"
        fontWeight="700"
      >
        Maple Hearth
      </text>
      <text
        x="55"
        y="41"
        fill={mark}
        fontFamily="system-ui, sans-serif"
        fontSize="10.5"
        fontWeight="700"
        letterSpacing="3.2"
      >
        RENOVATIONS
      </text>
    </svg>
  )
}
