import { defineSlotRecipe } from '@pandacss/dev'

export const tabs = defineSlotRecipe({
  className: 'tabs',
  description: 'Links between views of the same content, drawn as tabs',
  slots: ['root', 'list', 'trigger'],
  base: {
    root: { display: 'grid', gap: '8' },
    list: {
      display: 'flex',
      justifyContent: 'center',
      gap: '2',
      p: '1.5',
      bg: 'bg.muted',
      borderRadius: 'full',
      justifySelf: 'center',
    },
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      textDecoration: 'none',
      px: { base: '4', md: '6' },
      h: '11',
      borderRadius: 'full',
      fontWeight: '700',
      color: 'fg.muted',
      cursor: 'pointer',
      _selected: { bg: 'brand.solid', color: 'fg.inverse', boxShadow: 'sm' },
      _hover: { color: 'fg.heading' },
      '&[data-selected]:hover': { color: 'fg.inverse' },
    },
  },
})
