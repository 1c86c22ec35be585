/**
 * Sample "before" photos: the room of a gallery project before the work, drawn from the same
 * scene, seed and camera as its main photo with the dated finishes the work replaced (honey oak,
 * almond laminate, beige square tile, polished brass).
 */
import type { KitchenSpec } from '../scenes/kitchen.ts'
import { projects } from './projects.ts'

const datedKitchen = {
  wall: '#e6d9bd',
  floor: { kind: 'tiles', color: '#d8cdb8', grout: '#b3a68e', size: 0.3 },
  lower: '#b27a3e',
  upper: '#b27a3e',
  island: '#b27a3e',
  counter: { color: '#d9ccb2', kind: 'concrete' },
  splash: { style: 'square', color: '#e4d9c2', grout: '#bcae93' },
  door: 'shaker',
  handle: 'knob',
  metal: 'brass',
  uppers: 'cabinets',
  hood: 'canopy',
  hoodColor: '#e3dccd',
  pendant: 'bell',
  pendantColor: '#d8c49a',
  stool: '#8a6a45',
  stoolLegs: '#8a6a45',
  stoolBack: true,
  plant: 'none',
  waterfall: false,
} satisfies Partial<KitchenSpec>

const kitchenScene = (slug: string): KitchenSpec => {
  const project = projects.find((p) => p.slug === slug)
  if (project?.category !== 'kitchen') throw new Error(`No sample kitchen ${slug}`)
  return project.scene
}

/** Each paired project's before scene; its photo is `<category>/<slug>/before.webp`. */
export const beforeScenes: { category: 'kitchen'; slug: string; scene: KitchenSpec }[] = [
  'navy-shaker-kitchen-richmond-hill',
  'white-oak-modern-kitchen-vaughan',
].map((slug) => ({
  category: 'kitchen',
  slug,
  scene: { ...kitchenScene(slug), ...datedKitchen },
}))
