import { LIMITS } from '@shared/constants';

/** A message for a toast or an inline error: the spec's title and description. */
export interface FileProblem {
  title: string;
  description: string;
}

/** What a picker accepts: MIME types (or a `type/*` family), a byte limit and the spec's texts. */
export interface FileRule {
  accept: readonly string[];
  maxBytes: number;
  typeProblem: FileProblem;
  sizeProblem: FileProblem;
}

const MB = 1024 * 1024;
const WEB_IMAGES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;
const invalidImageType: FileProblem = {
  title: 'Invalid file type',
  description: 'Please upload only JPG, PNG, or WebP images.',
};

/** Banner and gallery photos on the edit screen (DESIGN.md: JPG/PNG/WebP, 50 MB, hint says 50MB). */
export const PHOTO_RULE: FileRule = {
  accept: WEB_IMAGES,
  maxBytes: LIMITS.bannerBytes,
  typeProblem: invalidImageType,
  sizeProblem: { title: 'File too large', description: 'Please upload images smaller than 50MB' },
};

/** Menu documents: JPG, PNG or PDF up to 10 MB. */
export const MENU_DOCUMENT_RULE: FileRule = {
  accept: ['image/jpeg', 'image/jpg', 'image/png', 'application/pdf'],
  maxBytes: LIMITS.menuDocumentBytes,
  typeProblem: {
    title: 'Invalid file type',
    description: 'Please upload JPG, PNG images or PDF documents only.',
  },
  sizeProblem: { title: 'File too large', description: 'Please upload files smaller than 10MB.' },
};

/** The create form's truck image: under 5 MB. */
export const CREATE_IMAGE_RULE: FileRule = {
  accept: WEB_IMAGES,
  maxBytes: LIMITS.createImageBytes,
  typeProblem: invalidImageType,
  sizeProblem: { title: 'Image too large', description: 'Please select an image smaller than 5MB.' },
};

/** The generic image uploader: any image, `maxSizeMB` (default 10). */
export function uploaderRule(maxSizeMB: number = LIMITS.uploaderDefaultBytes / MB): FileRule {
  const problem = (description: string): FileProblem => ({ title: 'Upload failed', description });
  return {
    accept: ['image/*'],
    maxBytes: maxSizeMB * MB,
    typeProblem: problem('Please select an image file'),
    sizeProblem: problem(`File size must be less than ${maxSizeMB}MB`),
  };
}

export const GALLERY_FULL: FileProblem = {
  title: 'Gallery full',
  description: 'You can upload a maximum of 10 photos.',
};
export const MENU_LIMIT_REACHED: FileProblem = {
  title: 'Menu limit reached',
  description: 'You can upload a maximum of 5 menu items.',
};

function typeMatches(type: string, accept: readonly string[]): boolean {
  return accept.some((a) => (a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : a === type));
}

/** The first problem with `file` under `rule` (type first, then size), or null when it is fine. */
export function checkFile(file: Pick<File, 'type' | 'size'>, rule: FileRule): FileProblem | null {
  if (!typeMatches(file.type.toLowerCase(), rule.accept)) return rule.typeProblem;
  if (file.size > rule.maxBytes) return rule.sizeProblem;
  return null;
}

/** The `accept` attribute of a file input for `rule`. */
export const acceptAttribute = (rule: FileRule) => rule.accept.join(',');

/**
 * Files that may be added to a list already holding `current` of at most `max`: the ones that fit,
 * and the problem of the first refused file (a type/size problem, or `full` once the list is full).
 */
export function pickFiles<F extends Pick<File, 'type' | 'size'>>(
  files: readonly F[],
  rule: FileRule,
  current: number,
  max: number,
  full: FileProblem,
): { accepted: F[]; problem: FileProblem | null } {
  const accepted: F[] = [];
  let problem: FileProblem | null = null;
  for (const file of files) {
    if (current + accepted.length >= max) {
      problem ??= full;
      break;
    }
    const p = checkFile(file, rule);
    if (p) problem ??= p;
    else accepted.push(file);
  }
  return { accepted, problem };
}
