import { defineSlotRecipe } from '@pandacss/dev'

export const accordion = defineSlotRecipe({
  className: 'accordion',
  description:
    'Native <details> sharing a name: questions that open one at a time, before any script',
  slots: ['root', 'item', 'itemTrigger', 'itemIndicator', 'itemContent'],
  base: {
    root: { display: 'grid', gap: '3' },
    item: {
      bg: 'bg.canvas',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'lg',
      overflow: 'hidden',
      _open: { borderColor: 'brand.solid', boxShadow: 'md' },
    },
    itemTrigger: {
      w: 'full',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '4',
      textAlign: 'left',
      px: { base: '5', md: '6' },
      py: '5',
      fontWeight: '700',
      fontSize: { base: 'md', md: 'lg' },
      color: 'fg.heading',
      cursor: 'pointer',
      listStyle: 'none',
      '&::-webkit-details-marker': { display: 'none' },
      _hover: { bg: 'bg.subtle' },
    },
    itemIndicator: {
      flexShrink: '0',
      color: 'accent.solid',
      transition: 'transform token(durations.normal)',
      '[open] > summary > &': { transform: 'rotate(180deg)' },
    },
    itemContent: {
      px: { base: '5', md: '6' },
      pb: '5',
      color: 'fg.muted',
    },
  },
})
