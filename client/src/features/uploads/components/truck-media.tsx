import { LIMITS } from '@shared/constants';
import { fileHint, GALLERY_FULL, GALLERY_RULE, IMAGE_UPLOAD_FAILED, MENU_DOCUMENT_RULE, MENU_LIMIT_REACHED } from '../file-rules';
import type { MediaListConfig } from './media-list-picker';

/** The edit screen's gallery: up to 10 JPG/PNG/WebP photos of at most 50 MB. */
export const GALLERY_CONFIG: MediaListConfig = {
  id: 'gallery',
  heading: 'Photo Gallery',
  hint: `Up to ${LIMITS.galleryPhotos} photos. ${fileHint(GALLERY_RULE)} each.`,
  purpose: 'gallery',
  rule: GALLERY_RULE,
  max: LIMITS.galleryPhotos,
  full: GALLERY_FULL,
  inputLabel: 'Gallery photo files',
  addText: 'Add Photos',
  itemName: (n) => `Gallery photo ${n}`,
  uploaded: { title: 'Photo added to gallery', description: 'Click Save Changes to apply.' },
  failed: IMAGE_UPLOAD_FAILED,
  successText: 'Image uploaded successfully',
};

/** The edit screen's menu documents: up to 5 JPG/PNG images or PDFs of at most 10 MB. */
export const MENU_DOCUMENTS_CONFIG: MediaListConfig = {
  id: 'menu-documents',
  heading: 'Menu Documents',
  hint: `Up to ${LIMITS.menuDocuments} menus. ${fileHint(MENU_DOCUMENT_RULE)} each.`,
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
