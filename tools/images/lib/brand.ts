/** Brand assets: Open Graph card, favicons and the broken-image placeholder. */
import sharp from 'sharp'
import { heroKitchen } from '../catalog/site.ts'
import { kitchen } from '../scenes/kitchen.ts'

const NAVY = '#143358'
const COPPER = '#a3591a'

export async function ogImage(): Promise<Buffer> {
  const w = 1200
  const h = 630
  const art = await sharp(Buffer.from(kitchen({ ...heroKitchen, seed: 'og' }, 'og', w, h)))
    .png()
    .toBuffer()
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${NAVY}" stop-opacity="0.97"/>
      <stop offset="0.42" stop-color="${NAVY}" stop-opacity="0.9"/>
      <stop offset="0.62" stop-color="${NAVY}" stop-opacity="0.3"/>
      <stop offset="1" stop-color="${NAVY}" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  <rect x="0" y="${h - 14}" width="${w}" height="14" fill="${COPPER}"/>
  <g transform="translate(80 150) scale(2.6)">
    <rect width="32" height="32" rx="6" fill="#ffffff" fill-opacity="0.08" stroke="#ffffff" stroke-opacity="0.25"/>
    <path d="M5 16 16 6l11 10" fill="none" stroke="#eaa86b" stroke-width="3" stroke-linejoin="round"/>
    <path d="M9 15v11h14V15" fill="none" stroke="#fff" stroke-width="2.5"/>
  </g>
  <text x="80" y="318" font-family="Liberation Serif, DejaVu Serif, Georgia, serif" font-size="66" font-weight="700" fill="#ffffff">Maple Hearth</text>
  <text x="80" y="392" font-family="Liberation Serif, DejaVu Serif, Georgia, serif" font-size="66" font-weight="700" fill="#ffffff">Renovations</text>
  <rect x="80" y="424" width="120" height="5" fill="${COPPER}"/>
  <text x="80" y="482" font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="25" fill="#e9eef5">Kitchen, Bathroom &amp; Home Remodeling</text>
  <text x="80" y="520" font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="25" fill="#e9eef5">Richmond Hill &amp; the GTA · Since 1998</text>
</svg>`
  return sharp(art)
    .composite([{ input: Buffer.from(overlay) }])
    .png({ palette: true, quality: 90, colours: 256, dither: 0.6, compressionLevel: 9, effort: 10 })
    .toBuffer()
}

/** PNG-in-ICO container around a 32×32 PNG. */
export async function faviconIco(svg: Buffer): Promise<Buffer> {
  const png = await sharp(svg, { density: 384 })
    .resize(32, 32)
    .png({ compressionLevel: 9 })
    .toBuffer()
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(1, 4)
  const entry = Buffer.alloc(16)
  entry.writeUInt8(32, 0)
  entry.writeUInt8(32, 1)
  entry.writeUInt8(0, 2)
  entry.writeUInt8(0, 3)
  entry.writeUInt16LE(1, 4)
  entry.writeUInt16LE(32, 6)
  entry.writeUInt32LE(png.length, 8)
  entry.writeUInt32LE(6 + 16, 12)
  return Buffer.concat([header, entry, png])
}

export async function appleTouchIcon(svg: Buffer): Promise<Buffer> {
  // Opaque square (iOS applies its own corner mask), so fill the rounded corners with navy.
  return sharp(svg, { density: 2000 })
    .resize(180, 180)
    .flatten({ background: NAVY })
    .png({ compressionLevel: 9 })
    .toBuffer()
}

export const imageNotFoundSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 900" width="1200" height="900" role="img" aria-label="Image Not Available">
  <rect width="1200" height="900" fill="#f1ede6"/>
  <rect x="430" y="250" width="340" height="260" rx="14" fill="#ffffff" stroke="#b7a68d" stroke-width="10"/>
  <rect x="462" y="282" width="276" height="196" rx="4" fill="#e9e0d2"/>
  <circle cx="530" cy="340" r="26" fill="#d6c8b3"/>
  <path d="M462 478l92-104 62 70 44-46 78 80z" fill="#b7a68d"/>
  <text x="600" y="600" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="40" font-weight="600" fill="#6e604e">Image Not Available</text>
</svg>
`
