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
    whiteSpace: 'nowrap',
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
        borderColor: 'white',
        color: 'fg.inverse',
        bg: 'transparent',
        _hover: { bg: 'rgba(255,255,255,0.12)' },
      },
      ghost: { bg: 'transparent', color: 'inherit', _hover: { bg: 'rgba(127,127,127,0.14)' } },
    },
    size: {
      sm: { h: '10', px: '4', fontSize: 'sm' },
      md: { h: '12', px: '6', fontSize: 'md' },
      lg: { h: '14', px: '8', fontSize: 'lg' },
      icon: { h: '11', w: '11', p: '0' },
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
})
