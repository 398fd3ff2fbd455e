import type { ImageVariant } from '@shared/contracts';

/**
 * A resized variant of a stored image (`/objects/{id}?variant=card`), so cards and thumbnails do
 * not download full-size photos. Other sources (data URLs, outside URLs) are returned as they are.
 */
export function objectVariant(src: string, variant: ImageVariant): string {
  return /^\/objects\/[A-Za-z0-9_-]+$/.test(src) ? `${src}?variant=${variant}` : src;
}
