import sharp from 'sharp';
import { PHOTO_BOX, PHOTO_THUMB_SIZE } from '@ayar/contract';

/** What sharp recognised in an upload: only JPEG and PNG are photos we take (docs/product.md §6.3). */
const PHOTO_FORMATS = new Set(['jpeg', 'png']);
/** Decoding more pixels than this is refused before any work (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

export interface ProcessedPhoto {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * Checks an upload by its content (sharp reads the header; the name and declared type are ignored),
 * then re-encodes it: turned upright from its EXIF orientation, every metadata block dropped (location,
 * camera, owner), fitted inside 1200×880 without enlarging, JPEG quality 82 on white (PNG transparency);
 * and a 240 px thumbnail. Returns null when the bytes are not a JPEG or PNG image.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto | null> {
  let format: string | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
  } catch {
    return null;
  }
  if (!format || !PHOTO_FORMATS.has(format)) return null;
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' });
    const { data: full, info } = await source
      .clone()
      .resize({ width: PHOTO_BOX.width, height: PHOTO_BOX.height, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumb = await source
      .clone()
      .resize({ width: PHOTO_THUMB_SIZE, height: PHOTO_THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer();
    return { full, thumb, width: info.width, height: info.height };
  } catch {
    // A header that parses over a body that does not (truncated or corrupt): not a photo we can keep.
    return null;
  }
}
