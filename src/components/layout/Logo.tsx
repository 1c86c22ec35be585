import { css, cx } from 'styled-system/css'
import { company } from '#app.config.ts'

/** The wordmark: white over dark heroes, navy and copper on white. */
export function Logo({ tone }: { tone: 'light' | 'dark' }) {
  const { ink, mark } = toneClasses[tone]
  return (
    <svg
      viewBox="0 0 220 48"
      width="176"
      height="38"
      role="img"
      aria-label={company.name}
      data-tone={tone}
      className={cx(css({ display: 'block', h: { base: '9', lg: '10' }, w: 'auto' }), ink)}
    >
      <path
        d="M4 24 24 6l20 18"
        fill="none"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinejoin="round"
        className={mark}
        data-mark=""
      />
      <path
        d="M10 22v20h28V22"
        fill="none"
        stroke="currentColor"
        strokeWidth="3.5"
        strokeLinejoin="round"
      />
      <path d="M20 42V30h8v12" fill="none" stroke="currentColor" strokeWidth="3" />
      <text
        x="54"
        y="23"
        fill="currentColor"
        fontFamily="Georgia, Cambria, serif"
        fontSize="20"
        fontWeight="700"
      >
        Maple Hearth
      </text>
      <text
        x="55"
        y="41"
        fill="currentColor"
        fontFamily="system-ui, sans-serif"
        fontSize="10.5"
        fontWeight="700"
        letterSpacing="3.2"
        className={mark}
        data-mark=""
      >
        RENOVATIONS
      </text>
    </svg>
  )
}

/** The wordmark's ink (its house and name) and mark (its roof and tagline), per tone. */
const toneClasses = {
  light: { ink: css({ color: 'fg.inverse' }), mark: css({ color: 'accent.onDark' }) },
  dark: { ink: css({ color: 'brand.solid' }), mark: css({ color: 'accent.solid' }) },
}
