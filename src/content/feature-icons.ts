/** The line icons that head feature cards; content names one per card. */
export const featureIconNames = [
  'tools',
  'award',
  'shield-check',
  'tag',
  'badge',
  'handshake',
  'calendar',
  'star',
  'leaf',
  'coins',
  'house-value',
  'plug',
  'sparkle',
  'key',
] as const
export type FeatureIconName = (typeof featureIconNames)[number]
