import { z } from 'zod';
import { LIMITS } from '../constants';

/** What a file is uploaded for; decides its accepted types and size limit (DESIGN.md upload limits). */
export const UPLOAD_PURPOSES = [
  'image',
  'truck-image',
  'banner',
  'gallery',
  'menu-document',
  'menu-item-image',
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MENU_DOCUMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type StoredContentType =
  (typeof IMAGE_CONTENT_TYPES)[number] | (typeof MENU_DOCUMENT_CONTENT_TYPES)[number];

export interface UploadRule {
  maxBytes: number;
  contentTypes: readonly StoredContentType[];
  /** The spec's texts, shown by the client and sent by the server (415 / 413). */
  typeMessage: string;
  sizeMessage: string;
}

const MB = 1024 * 1024;
/** A size limit as the texts write it: '50MB', '10MB'. */
export const megabytes = (bytes: number): string => `${bytes / MB}MB`;

const imageRule = (maxBytes: number): UploadRule => ({
  maxBytes,
  contentTypes: IMAGE_CONTENT_TYPES,
  typeMessage: 'Please select an image file',
  sizeMessage: `File size must be less than ${megabytes(maxBytes)}`,
});
const photoRule: UploadRule = {
  maxBytes: LIMITS.bannerBytes,
  contentTypes: IMAGE_CONTENT_TYPES,
  typeMessage: 'Invalid file type: Please upload only JPG, PNG, or WebP images.',
  sizeMessage: `File too large: Please upload images smaller than ${megabytes(LIMITS.bannerBytes)}`,
};

export const UPLOAD_RULES: Record<UploadPurpose, UploadRule> = {
  image: imageRule(LIMITS.uploaderDefaultBytes),
  'menu-item-image': imageRule(LIMITS.uploaderDefaultBytes),
  // One rule for a truck's photo whether it is chosen while creating or editing the truck (ADR 0150).
  'truck-image': photoRule,
  banner: photoRule,
  gallery: { ...photoRule, maxBytes: LIMITS.galleryBytes },
  'menu-document': {
    maxBytes: LIMITS.menuDocumentBytes,
    contentTypes: MENU_DOCUMENT_CONTENT_TYPES,
    typeMessage: 'Please upload JPG, PNG images or PDF documents only.',
    sizeMessage: `Please upload files smaller than ${megabytes(LIMITS.menuDocumentBytes)}.`,
  },
};

/** Body of POST /api/objects/upload (optional; without it a generic image of at most 10 MB). */
export const uploadRequestSchema = z
  .object({ purpose: z.enum(UPLOAD_PURPOSES, { error: 'Unknown upload purpose' }).default('image') })
  .default({ purpose: 'image' });
export type UploadRequest = z.input<typeof uploadRequestSchema>;

/**
 * PUT the file to `uploadURL` with its content type (and, for this server's own URLs, the same
 * bearer token), then refer to it as `/objects/{last path segment of uploadURL}` — use
 * `objectPathFromUploadURL`, which ignores a query string.
 */
export const uploadResponseSchema = z.object({ uploadURL: z.string() });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** Answer of the PUT to a local upload URL. */
export const uploadedObjectSchema = z.object({ objectPath: z.string(), contentType: z.string() });

/** Resized variants of stored images: GET /objects/{id}?variant=card. */
export const IMAGE_VARIANTS = ['thumb', 'card', 'banner'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

export function objectPathFromUploadURL(uploadURL: string): string {
  const pathname = new URL(uploadURL, 'http://localhost').pathname;
  return `/objects/${pathname.split('/').pop() ?? ''}`;
}
