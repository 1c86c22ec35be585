// `npm run gallery:import` names each photo that records where it was taken: the site's variants
// leave the GPS position out, but the photo itself stays public, and for a renovation that
// position is a client's home.
import exifReader from 'exif-reader'
import { loadSharp } from '#src/features/gallery/server/photo-variants.server.ts'

/** False for a photo without a position, and for anything sharp cannot read. */
export async function recordsPosition(photo: string | Buffer): Promise<boolean> {
  try {
    const { exif } = await (await loadSharp())(photo).metadata()
    const gps = exif && exifReader(exif).GPSInfo
    return gps?.GPSLatitude !== undefined && gps.GPSLongitude !== undefined
  } catch {
    return false
  }
}

export const positionWarning = (path: string) =>
  `${path} records where it was taken (GPS): the site's copies leave it out, but the photo itself is public, and anyone who opens it can read the position. Upload it again without it (turn off the camera's location, or remove it: exiftool -gps:all= <file>).`
