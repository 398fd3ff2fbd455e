import { LIMITS } from '@shared/constants';
import { GALLERY_FULL, MENU_DOCUMENT_RULE, MENU_LIMIT_REACHED, PHOTO_RULE } from '../file-rules';
import type { MediaListConfig } from './media-list-picker';

/** The edit screen's gallery: up to 10 JPG/PNG/WebP photos of at most 50 MB. */
export const GALLERY_CONFIG: MediaListConfig = {
  id: 'gallery',
  heading: 'Photo Gallery',
  hint: 'Up to 10 photos. JPG, PNG or WebP, max 50MB each.',
  purpose: 'gallery',
  rule: PHOTO_RULE,
  max: LIMITS.galleryPhotos,
  full: GALLERY_FULL,
  inputLabel: 'Gallery photo files',
  addText: 'Add Photos',
  itemName: (n) => `Gallery photo ${n}`,
  uploaded: { title: 'Photo added to gallery', description: 'Click Save Changes to apply.' },
  failed: { title: 'Upload failed', description: 'Failed to upload the image. Please try again.' },
  successText: 'Image uploaded successfully',
};

/** The edit screen's menu documents: up to 5 JPG/PNG images or PDFs of at most 10 MB. */
export const MENU_DOCUMENTS_CONFIG: MediaListConfig = {
  id: 'menu-documents',
  heading: 'Menu Documents',
  hint: 'Up to 5 menus. JPG, PNG or PDF, max 10MB each.',
  purpose: 'menu-document',
  rule: MENU_DOCUMENT_RULE,
  max: LIMITS.menuDocuments,
  full: MENU_LIMIT_REACHED,
  inputLabel: 'Menu document files',
  addText: 'Upload Menu',
  itemName: (n) => `Menu document ${n}`,
  uploaded: { title: 'Menu uploaded', description: 'Click Save Changes to apply.' },
  failed: { title: 'Upload failed', description: 'Failed to upload the menu. Please try again.' },
  successText: 'Menu uploaded successfully',
};
