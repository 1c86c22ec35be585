import { defineRecipe } from '@pandacss/dev'

export const button = defineRecipe({
  className: 'button',
  description: 'Links and buttons that ask the visitor to act',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: '600',
    borderRadius: 'md',
    borderWidth: '2px',
    borderColor: 'transparent',
    cursor: 'pointer',
    textDecoration: 'none',
    // A label longer than a narrow phone allows wraps inside the button rather than pushing
    // past the screen's edge; single-line buttons keep their height (minH below).
    textAlign: 'center',
    lineHeight: '1.25',
    transitionProperty: 'background-color, color, border-color, box-shadow, transform',
    transitionDuration: 'fast',
    _hover: { transform: 'translateY(-1px)' },
    _active: { transform: 'translateY(0)' },
    _disabled: { opacity: '0.6', cursor: 'not-allowed', transform: 'none' },
    '& svg': { flexShrink: '0' },
  },
  variants: {
    variant: {
      primary: { bg: 'brand.solid', color: 'fg.inverse', _hover: { bg: 'brand.solidHover' } },
      accent: {
        bg: 'accent.solid',
        color: 'fg.inverse',
        _hover: { bg: 'accent.solidHover', boxShadow: 'md' },
      },
      outline: {
        borderColor: 'brand.solid',
        color: 'brand.text',
        bg: 'transparent',
        _hover: { bg: 'brand.subtle' },
      },
      outlineOnDark: {
        borderColor: 'border.inverseStrong',
        color: 'fg.inverse',
        bg: 'transparent',
        _hover: { bg: 'bg.hoverOnDark' },
      },
      ghost: { bg: 'transparent', color: 'inherit', _hover: { bg: 'bg.hoverNeutral' } },
    },
    size: {
      sm: { minH: '10', py: '1.5', px: '4', fontSize: 'sm' },
      // Narrower on a phone, so a call to action's label keeps to one line at 360 px.
      md: { minH: '12', py: '2', px: { base: '5', sm: '6' }, fontSize: 'md' },
      lg: {
        minH: { base: '12', sm: '14' },
        py: '2.5',
        px: { base: '5', sm: '8' },
        fontSize: { base: 'md', sm: 'lg' },
      },
      icon: { h: '11', w: '11', p: '0' },
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
})
