import { defineSlotRecipe } from '@pandacss/dev'

export const card = defineSlotRecipe({
  className: 'card',
  description: 'A raised panel with an optional image, a body and a footer',
  slots: ['root', 'media', 'badge', 'body', 'title', 'footer'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      bg: 'bg.canvas',
      borderRadius: 'lg',
      borderWidth: '1px',
      borderColor: 'border.default',
      overflow: 'hidden',
      boxShadow: 'sm',
      transition: 'box-shadow token(durations.normal), transform token(durations.normal)',
    },
    media: {
      position: 'relative',
      aspectRatio: '4 / 3',
      overflow: 'hidden',
      bg: 'bg.muted',
      '& img': { w: 'full', h: 'full', objectFit: 'cover' },
    },
    /** A pill over the media's top-left corner, such as Featured. */
    badge: {
      position: 'absolute',
      top: '3',
      left: '3',
      bg: 'accent.solid',
      color: 'fg.inverse',
      fontSize: 'xs',
      fontWeight: '700',
      px: '2.5',
      py: '1',
      borderRadius: 'full',
    },
    body: { display: 'flex', flexDirection: 'column', gap: '3', p: '6', flex: '1' },
    title: { textStyle: 'h3', color: 'fg.heading' },
    footer: { px: '6', pb: '6', mt: 'auto' },
  },
  variants: {
    interactive: {
      true: { root: { _hover: { boxShadow: 'lg', transform: 'translateY(-3px)' } } },
    },
  },
})
