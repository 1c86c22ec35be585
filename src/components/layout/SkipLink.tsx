import { css } from 'styled-system/css'

export function SkipLink() {
  return (
    <a
      href="#main"
      className={css({
        position: 'fixed',
        top: '2',
        left: '2',
        zIndex: '100',
        bg: 'bg.canvas',
        color: 'brand.text',
        px: '4',
        py: '2',
        borderRadius: 'md',
        fontWeight: '600',
        transform: 'translateY(-200%)',
        _focus: { transform: 'translateY(0)' },
      })}
    >
      Skip to main content
    </a>
  )
}
