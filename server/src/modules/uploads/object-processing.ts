import { fileTypeFromBuffer } from 'file-type';
import sharp, { type ResizeOptions } from 'sharp';
import {
  UPLOAD_RULES,
  type ImageVariant,
  type StoredContentType,
  type UploadPurpose,
} from '@shared/contracts';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/http-errors';
import { pdfActiveContent } from './pdf-safety';

export interface ProcessedVariant {
  name: ImageVariant;
  body: Buffer;
}

/** A file that passed the checks, ready to store: images re-encoded without metadata. */
export interface ProcessedObject {
  contentType: StoredContentType;
  body: Buffer;
  /** The size of what the client sent (limits apply to it). */
  originalSize: number;
  width: number | null;
  height: number | null;
  variants: ProcessedVariant[];
}

/** Variants are WebP; `cover` crops to the box, `inside` only shrinks. */
export const VARIANT_CONTENT_TYPE = 'image/webp';
const VARIANT_SIZES: Record<ImageVariant, ResizeOptions> = {
  thumb: { width: 256, height: 256, fit: 'cover' },
  card: { width: 640, height: 400, fit: 'cover' },
  banner: { width: 1600, height: 600, fit: 'cover' },
};
/** The stored original is at most this wide/high (a 50 MB photo is not served as is). */
const MAX_DIMENSION = 2560;
/** Decompression bombs: refuse images over ~60 megapixels before decoding them. */
const MAX_INPUT_PIXELS = 60_000_000;

export const PDF_ACTIVE_CONTENT =
  'This PDF contains scripts, attachments, forms or encryption. Please upload a plain PDF (e.g. print the menu to PDF).';

const FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** Throws 413/415 per the purpose's rule (types are read from the bytes, never from the client's claim). */
export async function checkFile(bytes: Buffer, purpose: UploadPurpose): Promise<StoredContentType> {
  const rule = UPLOAD_RULES[purpose];
  if (bytes.length > rule.maxBytes) throw payloadTooLarge(rule.sizeMessage);
  if (bytes.length === 0) throw badRequest('The file is empty');
  const detected = await fileTypeFromBuffer(bytes);
  const type = rule.contentTypes.find((t) => t === detected?.mime);
  if (!type) throw unsupportedMediaType(rule.typeMessage);
  return type;
}

async function processImage(
  bytes: Buffer,
  contentType: keyof typeof FORMATS,
): Promise<Omit<ProcessedObject, 'originalSize'>> {
  // rotate() applies the EXIF orientation; sharp writes no metadata (EXIF, GPS, XMP) unless asked to.
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const main = await image
    .clone()
    .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: 'inside', withoutEnlargement: true })
    .toFormat(FORMATS[contentType], contentType === 'image/png' ? {} : { quality: 85 })
    .toBuffer({ resolveWithObject: true });
  const variants = await Promise.all(
    (Object.entries(VARIANT_SIZES) as [ImageVariant, ResizeOptions][]).map(async ([name, size]) => ({
      name,
      body: await image
        .clone()
        .resize({ ...size, withoutEnlargement: false })
        .webp({ quality: 80 })
        .toBuffer(),
    })),
  );
  return { contentType, body: main.data, width: main.info.width, height: main.info.height, variants };
}

/** Checks a file for a purpose and prepares it for storage. Bad input is a 4xx, never a 500. */
export async function processUpload(bytes: Buffer, purpose: UploadPurpose): Promise<ProcessedObject> {
  const contentType = await checkFile(bytes, purpose);
  if (contentType === 'application/pdf') {
    // Stored as sent (and always served as a download in a sandbox): refuse what could run.
    if (pdfActiveContent(bytes)) throw unsupportedMediaType(PDF_ACTIVE_CONTENT);
    return { contentType, body: bytes, originalSize: bytes.length, width: null, height: null, variants: [] };
  }
  try {
    return { ...(await processImage(bytes, contentType)), originalSize: bytes.length };
  } catch {
    // The bytes start like an image but libvips cannot decode them (truncated, corrupt, too many pixels).
    throw badRequest('The image could not be read. Please upload a valid JPG, PNG or WebP file.');
  }
}
