import { fileTypeFromBuffer } from 'file-type';
import sharp, { type ResizeOptions } from 'sharp';
import {
  UPLOAD_RULES,
  type ImageVariant,
  type StoredContentType,
  type UploadPurpose,
} from '@shared/contracts';
import { FairQueue } from '../../lib/fair-queue';
import { badRequest, HttpError, payloadTooLarge, unsupportedMediaType } from '../../lib/http-errors';
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
/**
 * Decompression bombs and CPU: images are refused by their header's pixel count before decoding.
 * A 60-megapixel PNG of 233 KB costs ~12 s and +209 MB to re-encode (issue 32), so an account
 * without an active subscription (an operator still setting up, or one whose subscription lapsed)
 * gets a lower limit that still takes any phone's ordinary photo (ADR 0110).
 */
export const PIXEL_LIMITS = { subscribed: 60_000_000, free: 24_000_000 } as const;

/** Who sends a file: its account (uploads are taken in turn per account) and its pixel limit. */
export interface Uploader {
  id: number;
  subscribed: boolean;
}

/**
 * Images are decoded one at a time per process, uploaders in turn: four huge images at once took
 * 30 s each, and everyone else's upload waited behind them. One account's burst delays another's
 * upload by at most the image in hand; past `MAX_WAITING_IMAGES` waiting, an upload is refused
 * (503, retry) instead of queued for minutes.
 */
const imageQueue = new FairQueue();
const MAX_WAITING_IMAGES = 8;

export const tooManyPixels = (limit: number, subscribed: boolean) =>
  `This image is too large: at most ${limit / 1_000_000} megapixels (e.g. ${limit === PIXEL_LIMITS.free ? '6000 × 4000' : '9000 × 6600'} pixels)${subscribed ? '' : ' until your subscription is active'}. Please upload a smaller image.`;

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
  maxPixels: number,
): Promise<Omit<ProcessedObject, 'originalSize'>> {
  // rotate() applies the EXIF orientation; sharp writes no metadata (EXIF, GPS, XMP) unless asked to.
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: maxPixels }).rotate();
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

const UNREADABLE_IMAGE = 'The image could not be read. Please upload a valid JPG, PNG or WebP file.';

/** The pixel count its header claims (read without decoding), or undefined when there is no header to read. */
async function claimedPixels(bytes: Buffer): Promise<number | undefined> {
  try {
    // Only the header is read: no limit is needed, and sharp's default one would hide a bomb's size.
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return width && height ? width * height : undefined;
  } catch {
    return undefined;
  }
}

/** Checks a file for a purpose and prepares it for storage. Bad input is a 4xx, never a 500. */
export async function processUpload(bytes: Buffer, purpose: UploadPurpose, uploader: Uploader): Promise<ProcessedObject> {
  const contentType = await checkFile(bytes, purpose);
  if (contentType === 'application/pdf') {
    // Stored as sent (and always served as a download in a sandbox): refuse what could run.
    if (pdfActiveContent(bytes)) throw unsupportedMediaType(PDF_ACTIVE_CONTENT);
    return { contentType, body: bytes, originalSize: bytes.length, width: null, height: null, variants: [] };
  }
  const maxPixels = uploader.subscribed ? PIXEL_LIMITS.subscribed : PIXEL_LIMITS.free;
  const pixels = await claimedPixels(bytes);
  if (pixels === undefined) throw badRequest(UNREADABLE_IMAGE);
  if (pixels > maxPixels) throw payloadTooLarge(tooManyPixels(maxPixels, uploader.subscribed));
  if (imageQueue.size >= MAX_WAITING_IMAGES) {
    throw new HttpError(503, 'Many images are being processed right now. Please try again in a minute.', undefined, {
      'Retry-After': '30',
    });
  }
  try {
    const image = await imageQueue.run(String(uploader.id), () => processImage(bytes, contentType, maxPixels));
    return { ...image, originalSize: bytes.length };
  } catch {
    // The bytes start like an image but libvips cannot decode them (truncated or corrupt).
    throw badRequest(UNREADABLE_IMAGE);
  }
}
