import type { SiteImageAltText } from './schemas/image-alt.schema'

/**
 * Alt text of the site's pictures (heroes and service backgrounds), by picture name. `npm run images`
 * draws the pictures and writes `site-images.ts`, whose entries read their alt text from here.
 */
export const siteImageAlt = {
  'home-hero':
    'Illustration of a renovated kitchen with navy cabinets, a wood island, marble counters and brass pendant lights',
  'about-hero': 'Illustration of a living room with green built-in bookshelves around a fireplace',
  'services-hero':
    'Illustration of a sage green farmhouse kitchen with a butcher-block island and rattan pendants',
  'gallery-hero':
    'Illustration of a dining room with a walnut trestle table, upholstered chairs and black pendant lights',
  'faq-hero':
    'Illustration of a walk-in closet with painted built-in cabinetry and a centre island',
  'contact-hero':
    "Illustration of a designer's desk seen from above with a floor plan, material samples and paint chips",
  'areas-hero':
    'Illustration of a residential street at dusk with the Toronto skyline in the distance',
  'privacy-hero':
    'Illustration of a quiet home office with navy built-in shelving and a desk under a window',
  kitchen:
    'Illustration of a white kitchen with glass-front cabinets, a marble backsplash and a blue-grey island',
  bathroom:
    'Illustration of a bathroom with a floating oak double vanity, a glass shower and a freestanding tub',
  commercial:
    'Illustration of a café interior with a wood service counter, menu boards and pendant lights',
  'design-build':
    'Illustration of a house at dusk with a new modern addition and a glowing glass wall',
  carpentry: 'Illustration of a woodworking shop with a workbench, a tool wall and a lumber rack',
  cabinet:
    'Illustration of custom kitchen cabinetry with shaker doors, brass pulls and a tall pantry wall',
  'home-design':
    'Illustration of a floor plan on a desk surrounded by wood, stone and fabric samples',
  'general-contractor':
    'Illustration of a home addition under construction with timber framing, scaffolding and a crew',
  'laser-art':
    'Illustration of a backlit laser-cut wooden wall panel with an intricate mandala pattern',
  'home-improvement':
    'Illustration of a family room with a built-in media wall, fireplace and shelving',
  welcome:
    'Illustration of a bright kitchen with navy cabinetry, a marble waterfall island and bar stools',
  team: 'Illustration of a renovation crew at work in a carpentry workshop',
} as const satisfies SiteImageAltText
