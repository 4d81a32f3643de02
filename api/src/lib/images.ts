import sharp from 'sharp';
import { AppError } from './errors.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The image type from the file's first bytes; the name and the browser's claimed type are not trusted. */
export function sniffImageType(data: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47) return 'png';
  const riff = String.fromCharCode(...data.subarray(0, 4));
  const webp = String.fromCharCode(...data.subarray(8, 12));
  if (riff === 'RIFF' && webp === 'WEBP') return 'webp';
  return null;
}

/**
 * Checks and normalises an uploaded image: JPEG, PNG or WebP up to 5 MB, turned upright, cropped
 * to the size and re-encoded as WebP (which also drops EXIF data such as GPS positions).
 * @throws validation_failed (file: too_large | unsupported_type)
 */
export async function processImage(data: Uint8Array, size: { width: number; height: number }): Promise<Buffer> {
  if (data.byteLength > MAX_IMAGE_BYTES) throw AppError.validation({ file: ['too_large'] }, 'Image is over 5 MB');
  if (!sniffImageType(data)) throw AppError.validation({ file: ['unsupported_type'] }, 'Not a JPEG, PNG or WebP image');
  try {
    return await sharp(data, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(size.width, size.height, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (cause) {
    throw new AppError('validation_failed', 'Image could not be read', {
      fields: { file: ['unsupported_type'] },
      cause,
    });
  }
}

/** A smaller copy of an image that `processImage` made, at `width` with its aspect ratio. */
export async function resizeWebp(image: Buffer, width: number): Promise<Buffer> {
  return sharp(image).resize({ width }).webp({ quality: 80 }).toBuffer();
}
