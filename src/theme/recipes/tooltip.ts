import { defineSlotRecipe } from '@pandacss/dev'

export const tooltip = defineSlotRecipe({
  className: 'tooltip',
  description: 'Ark UI tooltip: a short label for an icon-only control',
  slots: ['trigger', 'positioner', 'content', 'arrow', 'arrowTip'],
  base: {
    content: {
      bg: 'bg.inverseDeep',
      color: 'fg.inverse',
      px: '2.5',
      py: '1.5',
      borderRadius: 'sm',
      fontSize: 'sm',
      fontWeight: '500',
      boxShadow: 'md',
      zIndex: '60',
      _open: { animation: 'fadeIn token(durations.fast)' },
      _closed: { animation: 'fadeOut token(durations.fast)' },
    },
  },
})
