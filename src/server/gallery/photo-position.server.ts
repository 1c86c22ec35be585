import exifReader from 'exif-reader'
// Relative, with extensions: `npm run gallery:import` runs this file under Node as it is.
import { loadSharp } from './photo-variants.server.ts'

/**
 * Whether a photo (a file path or its bytes) records where it was taken: the GPS position a
 * phone writes into its EXIF. The smaller copies the site shows leave it out, but the photo
 * itself stays public at its address, and for a renovation that position is a client's home.
 * False for a photo without one, and for anything sharp cannot read.
 */
export async function recordsPosition(photo: string | Buffer): Promise<boolean> {
  try {
    const sharp = await loadSharp()
    const { exif } = await sharp(photo).metadata()
    if (!exif) return false
    const gps = exifReader(exif).GPSInfo
    return gps?.GPSLatitude !== undefined && gps.GPSLongitude !== undefined
  } catch {
    return false
  }
}

/** What `npm run gallery:import` says of such a photo, so the owner can act on it. */
export const positionWarning = (path: string) =>
  `${path} records where it was taken (GPS): the site's copies leave it out, but the photo itself is public, and anyone who opens it can read the position. Upload it again without it (turn off the camera's location, or remove it: exiftool -gps:all= <file>).`
