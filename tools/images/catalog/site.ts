/** Site images (heroes and service backgrounds): scene factories; their alt text is site content. */

import type { siteImageAlt } from '#src/content/image-alt.content.ts'
import { type BathSpec, bathroom } from '../scenes/bathroom.ts'
import { type CommercialSpec, commercial } from '../scenes/commercial.ts'
import { desk } from '../scenes/desk.ts'
import { build, street } from '../scenes/exterior.ts'
import { type KitchenSpec, kitchen } from '../scenes/kitchen.ts'
import { type ResidentialSpec, residential } from '../scenes/residential.ts'
import { workshop } from '../scenes/workshop.ts'
import { projects } from './projects.ts'

export type SiteImageDef = {
  /** A picture's alt text lives in src/content, so one without it does not compile. */
  name: keyof typeof siteImageAlt
  /** Aspect ratio as width / height. */
  ratio: '16:9' | '4:3'
  svg: (w: number, h: number) => string
}

function projectScene<T>(slug: string): T {
  const p = projects.find((q) => q.slug === slug)
  if (!p) throw new Error(`Unknown project ${slug}`)
  return p.scene as T
}

export const heroKitchen: KitchenSpec = {
  seed: 'site-home',
  wall: '#efe8dc',
  floor: { kind: 'planks', color: '#b88c5e' },
  lower: '#1d3553',
  upper: '#efe9df',
  island: '#a4703f',
  counter: { color: '#f3f0eb', vein: '#9d958b', kind: 'marble' },
  splash: { style: 'zellige', color: '#e9e2d6' },
  door: 'shaker',
  handle: 'bar',
  metal: 'brass',
  uppers: 'cabinets',
  hood: 'plaster',
  pendant: 'dome',
  pendantColor: '#b8914a',
  stool: '#2b2a28',
  stoolLegs: '#b8914a',
  stoolBack: true,
  window: 'back',
  tall: 'right',
  rug: ['#c9b79c', '#7a5a3a'],
}

const servicesKitchen: KitchenSpec = {
  ...projectScene<KitchenSpec>('sage-farmhouse-kitchen-aurora'),
  seed: 'site-services',
}

const welcomeKitchen: KitchenSpec = {
  ...heroKitchen,
  seed: 'site-welcome',
  island: '#1d3553',
  waterfall: true,
}

const cabinetKitchen: KitchenSpec = {
  ...projectScene<KitchenSpec>('two-tone-family-kitchen-markham'),
  seed: 'site-cabinet',
}

const laserMandala: ResidentialSpec = {
  seed: 'site-laser',
  kind: 'laser',
  wall: '#2f3b46',
  wood: '#8a5a3a',
  cabinet: '#efe9e0',
  accent: '#2f4a5a',
  accent2: '#b9825a',
  fabric: '#d9cfc0',
  floor: { kind: 'planks', color: '#b98f63' },
  metal: 'brass',
  door: 'slab',
  handle: 'none',
  pattern: 'mandala',
  panel: '#6e4427',
}

export const siteImages: SiteImageDef[] = [
  {
    name: 'home-hero',
    ratio: '16:9',
    svg: (w, h) => kitchen(heroKitchen, 'hero', w, h),
  },
  {
    name: 'about-hero',
    ratio: '16:9',
    svg: (w, h) =>
      residential(
        { ...projectScene<ResidentialSpec>('built-in-library-wall-thornhill'), seed: 'site-about' },
        'hero',
        w,
        h,
      ),
  },
  {
    name: 'services-hero',
    ratio: '16:9',
    svg: (w, h) => kitchen(servicesKitchen, 'hero', w, h),
  },
  {
    name: 'gallery-hero',
    ratio: '16:9',
    svg: (w, h) =>
      residential(
        { ...projectScene<ResidentialSpec>('walnut-dining-table-aurora'), seed: 'site-gallery' },
        'hero',
        w,
        h,
      ),
  },
  {
    name: 'faq-hero',
    ratio: '16:9',
    svg: (w, h) =>
      residential(
        {
          ...projectScene<ResidentialSpec>('custom-walk-in-closet-vaughan'),
          seed: 'site-faq',
          cabinet: '#e7ded2',
        },
        'hero',
        w,
        h,
      ),
  },
  {
    name: 'contact-hero',
    ratio: '16:9',
    svg: (w, h) =>
      desk(
        {
          seed: 'site-contact',
          desk: '#a87a52',
          accent: '#143358',
          accent2: '#a3591a',
          swatches: ['#c49a6c', '#efece6', '#7d9184', '#8a5a3a', '#d8d2c8', '#2f4a5a'],
        },
        w,
        h,
      ),
  },
  {
    name: 'areas-hero',
    ratio: '16:9',
    svg: (w, h) => street({ seed: 'site-areas', dusk: true }, w, h),
  },
  {
    name: 'privacy-hero',
    ratio: '16:9',
    svg: (w, h) =>
      residential(
        {
          seed: 'site-privacy',
          kind: 'study',
          wall: '#ece6dc',
          wood: '#8a5a3a',
          cabinet: '#1f3a5a',
          accent: '#2f4a5a',
          accent2: '#b9825a',
          fabric: '#d9cfc0',
          floor: { kind: 'planks', color: '#c39a6c' },
          metal: 'brass',
          door: 'shaker',
          handle: 'bar',
        },
        'hero',
        w,
        h,
      ),
  },
  {
    name: 'kitchen',
    ratio: '16:9',
    svg: (w, h) =>
      kitchen(
        {
          ...projectScene<KitchenSpec>('classic-white-marble-kitchen-thornhill'),
          seed: 'site-kitchen',
        },
        'hero',
        w,
        h,
      ),
  },
  {
    name: 'bathroom',
    ratio: '16:9',
    svg: (w, h) =>
      bathroom(
        {
          ...projectScene<BathSpec>('spa-ensuite-freestanding-tub-richmond-hill'),
          seed: 'site-bath',
        },
        'hero',
        w,
        h,
      ),
  },
  {
    name: 'commercial',
    ratio: '16:9',
    svg: (w, h) =>
      commercial(
        {
          ...projectScene<CommercialSpec>('neighbourhood-cafe-fit-out-concord'),
          seed: 'site-commercial',
          accent: '#1f3a5a',
          pendantColor: '#1f3a5a',
        },
        'hero',
        w,
        h,
      ),
  },
  {
    name: 'design-build',
    ratio: '16:9',
    svg: (w, h) =>
      build(
        {
          seed: 'site-design-build',
          body: '#ece5d8',
          trim: '#2b2a28',
          roof: '#3a3a3c',
          accent: '#a3591a',
          framing: false,
          dusk: true,
        },
        w,
        h,
      ),
  },
  {
    name: 'carpentry',
    ratio: '16:9',
    svg: (w, h) =>
      workshop(
        {
          seed: 'site-carpentry',
          wall: '#e6dfd3',
          wood: '#b07a4a',
          accent: '#2f4a5a',
          metal: 'black',
          crew: false,
        },
        'hero',
        w,
        h,
      ),
  },
  {
    name: 'cabinet',
    ratio: '16:9',
    svg: (w, h) => kitchen(cabinetKitchen, 'cabinet', w, h),
  },
  {
    name: 'home-design',
    ratio: '16:9',
    svg: (w, h) =>
      desk(
        {
          seed: 'site-home-design',
          desk: '#c9a57a',
          accent: '#3f5a4c',
          accent2: '#b9825a',
          swatches: ['#efece6', '#8c9c86', '#c49a6c', '#3a3c3f', '#e4d3c0', '#7a4e32'],
        },
        w,
        h,
      ),
  },
  {
    name: 'general-contractor',
    ratio: '16:9',
    svg: (w, h) =>
      build(
        {
          seed: 'site-gc',
          body: '#f1ede6',
          trim: '#2b2a28',
          roof: '#2b2a28',
          accent: '#143358',
          framing: true,
        },
        w,
        h,
      ),
  },
  {
    name: 'laser-art',
    ratio: '16:9',
    svg: (w, h) => residential(laserMandala, 'detail-2', w, h),
  },
  {
    name: 'home-improvement',
    ratio: '16:9',
    svg: (w, h) =>
      residential(
        {
          seed: 'site-improvement',
          kind: 'media',
          wall: '#ece6dc',
          wood: '#8a5a3a',
          cabinet: '#e9e3d8',
          accent: '#2f4a5a',
          accent2: '#b9825a',
          fabric: '#cfc5b6',
          floor: { kind: 'planks', color: '#b98f63' },
          metal: 'brass',
          door: 'shaker',
          handle: 'bar',
          feature: '#cdb79a',
        },
        'hero',
        w,
        h,
      ),
  },
  {
    name: 'welcome',
    ratio: '4:3',
    svg: (w, h) => kitchen(welcomeKitchen, 'welcome', w, h),
  },
  {
    name: 'team',
    ratio: '4:3',
    svg: (w, h) =>
      workshop(
        {
          seed: 'site-team',
          wall: '#e6dfd3',
          wood: '#b07a4a',
          accent: '#2f4a5a',
          metal: 'black',
          crew: true,
        },
        'team',
        w,
        h,
      ),
  },
]
