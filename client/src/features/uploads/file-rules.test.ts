import { describe, expect, it } from 'vitest';
import { LIMITS } from '@shared/constants';
import { objectPathFromUploadURL, UPLOAD_RULES } from '@shared/contracts';
import { GALLERY_CONFIG, MENU_DOCUMENTS_CONFIG } from './components/truck-media';
import {
  checkFile,
  fileHint,
  GALLERY_FULL,
  GALLERY_RULE,
  MENU_DOCUMENT_RULE,
  MENU_LIMIT_REACHED,
  PHOTO_RULE,
  pickFiles,
  uploaderRule,
} from './file-rules';

const MB = 1024 * 1024;
const file = (type: string, size = 1000) => ({ type, size });

describe('banner and gallery photos', () => {
  it('accept JPG, PNG and WebP up to 50 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp'])
      expect(checkFile(file(type, 50 * MB), PHOTO_RULE)).toBeNull();
  });
  it('refuse other types with the spec text', () => {
    expect(checkFile(file('image/gif'), PHOTO_RULE)).toEqual({
      title: 'Invalid file type',
      description: 'Please upload only JPG, PNG, or WebP images.',
    });
    expect(checkFile(file('image/svg+xml'), PHOTO_RULE)?.title).toBe('Invalid file type');
  });
  it('refuse a file over 50 MB', () => {
    expect(checkFile(file('image/png', 50 * MB + 1), PHOTO_RULE)).toEqual({
      title: 'File too large',
      description: 'Please upload images smaller than 50MB',
    });
  });
  it('stop the gallery at 10 photos', () => {
    const files = Array.from({ length: 4 }, () => file('image/png'));
    const { accepted, problem } = pickFiles(files, PHOTO_RULE, 8, 10, GALLERY_FULL);
    expect(accepted).toHaveLength(2);
    expect(problem?.description).toBe('You can upload a maximum of 10 photos.');
  });
});

describe('menu documents', () => {
  it('accept JPG, PNG and PDF up to 10 MB', () => {
    expect(checkFile(file('application/pdf', 10 * MB), MENU_DOCUMENT_RULE)).toBeNull();
    expect(checkFile(file('image/jpeg'), MENU_DOCUMENT_RULE)).toBeNull();
  });
  it('refuse WebP, other types and large files with the spec texts', () => {
    expect(checkFile(file('image/webp'), MENU_DOCUMENT_RULE)?.description).toBe(
      'Please upload JPG, PNG images or PDF documents only.',
    );
    expect(checkFile(file('text/html'), MENU_DOCUMENT_RULE)?.description).toBe(
      'Please upload JPG, PNG images or PDF documents only.',
    );
    expect(checkFile(file('application/pdf', 10 * MB + 1), MENU_DOCUMENT_RULE)?.description).toBe(
      'Please upload files smaller than 10MB.',
    );
  });
  it('stop at 5 and keep the valid files of a mixed selection', () => {
    const { accepted, problem } = pickFiles(
      [file('text/plain'), file('image/png'), file('application/pdf')],
      MENU_DOCUMENT_RULE,
      3,
      5,
      MENU_LIMIT_REACHED,
    );
    expect(accepted).toEqual([file('image/png'), file('application/pdf')]);
    expect(problem?.description).toBe('Please upload JPG, PNG images or PDF documents only.');
    expect(pickFiles([file('image/png')], MENU_DOCUMENT_RULE, 5, 5, MENU_LIMIT_REACHED).problem).toEqual({
      title: 'Menu limit reached',
      description: 'You can upload a maximum of 5 menu items.',
    });
  });
});

describe('creation image and generic uploader', () => {
  it("give the creation image the banner's one rule and message: 50 MB, not 5 MB on create and 50 MB on edit", () => {
    expect(UPLOAD_RULES['truck-image']).toEqual(UPLOAD_RULES.banner);
    expect(checkFile(file('image/png', 50 * MB), PHOTO_RULE)).toBeNull();
    expect(checkFile(file('image/png', 50 * MB + 1), PHOTO_RULE)).toEqual({
      title: 'File too large',
      description: 'Please upload images smaller than 50MB',
    });
  });
  it('take a JPG, PNG or WebP image up to 10 MB by default, or the given limit', () => {
    expect(checkFile(file('image/webp', 10 * MB), uploaderRule())).toBeNull();
    expect(checkFile(file('image/gif'), uploaderRule())?.description).toBe('Please select an image file');
    expect(checkFile(file('application/pdf'), uploaderRule())?.description).toBe(
      'Please select an image file',
    );
    expect(checkFile(file('image/png', 10 * MB + 1), uploaderRule())?.description).toBe(
      'File size must be less than 10MB',
    );
    expect(checkFile(file('image/png', 3 * MB), uploaderRule(2))?.description).toBe(
      'File size must be less than 2MB',
    );
  });
});

describe('objectPathFromUploadURL', () => {
  it('keeps the last path segment of the upload URL, without its query', () => {
    expect(objectPathFromUploadURL('/api/objects/upload/abcDEF123_-abcDEF123_-?sig=x')).toBe(
      '/objects/abcDEF123_-abcDEF123_-',
    );
    expect(objectPathFromUploadURL('https://s3.example.com/bucket/uploads/xyz?X-Amz-Signature=1')).toBe(
      '/objects/xyz',
    );
  });
});

describe('hints read from the upload rules', () => {
  it('say exactly what the screens have always said', () => {
    expect(fileHint(PHOTO_RULE)).toBe('JPG, PNG or WebP, max 50MB');
    expect(`Up to ${LIMITS.galleryPhotos} photos. ${fileHint(GALLERY_RULE)} each.`).toBe('Up to 10 photos. JPG, PNG or WebP, max 50MB each.');
    expect(GALLERY_CONFIG.hint).toBe('Up to 10 photos. JPG, PNG or WebP, max 50MB each.');
    expect(MENU_DOCUMENTS_CONFIG.hint).toBe('Up to 5 menus. JPG, PNG or PDF, max 10MB each.');
    expect(GALLERY_FULL.description).toBe('You can upload a maximum of 10 photos.');
    expect(MENU_LIMIT_REACHED.description).toBe('You can upload a maximum of 5 menu items.');
    expect(UPLOAD_RULES.banner.sizeMessage).toBe('File too large: Please upload images smaller than 50MB');
    expect(UPLOAD_RULES['menu-document'].sizeMessage).toBe('Please upload files smaller than 10MB.');
  });
});
