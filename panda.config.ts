import { defineConfig } from '@pandacss/dev'
import { fontFaces } from './src/theme/fonts'
import { globalCss } from './src/theme/global-css'
import { recipes, slotRecipes } from './src/theme/recipes'
import { semanticTokens, textStyles, tokens } from './src/theme/tokens'

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  strictTokens: false,
  globalCss,
  globalFontface: fontFaces,
  theme: {
    extend: {
      tokens,
      semanticTokens,
      textStyles,
      recipes,
      slotRecipes,
      keyframes: {
        fadeUp: {
          from: { opacity: '0', transform: 'translateY(16px)' },
          to: { opacity: '1', transform: 'translateY(0)' },
        },
        fadeIn: { from: { opacity: '0' }, to: { opacity: '1' } },
        fadeOut: { from: { opacity: '1' }, to: { opacity: '0' } },
        shimmer: {
          '0%': { backgroundPosition: '-200% 0' },
          '100%': { backgroundPosition: '200% 0' },
        },
      },
    },
  },
})
