import { LIMITS } from '@shared/constants';
import { megabytes, UPLOAD_RULES, type StoredContentType, type UploadPurpose, type UploadRule } from '@shared/contracts';
import { ApiError } from '@client/lib/api-client';
import { UploadError } from './api/upload-file';

/** A message for a toast or an inline error: the spec's title and description. */
export interface FileProblem {
  title: string;
  description: string;
}

/** What a picker accepts (types and size from the shared upload rules) and the spec's texts. */
export interface FileRule {
  accept: readonly string[];
  maxBytes: number;
  typeProblem: FileProblem;
  sizeProblem: FileProblem;
}

const MB = 1024 * 1024;

/** The server's "Title: description" message as a toast; without a title part, `title` is used. */
function asProblem(message: string, title: string): FileProblem {
  const at = message.indexOf(': ');
  return at > 0
    ? { title: message.slice(0, at), description: message.slice(at + 2) }
    : { title, description: message };
}

/** The shared rule of `purpose` as a picker rule with the same texts the server sends. */
function ruleFor(
  purpose: UploadPurpose,
  texts: Partial<Pick<FileRule, 'typeProblem' | 'sizeProblem'>> = {},
): FileRule {
  const rule: UploadRule = UPLOAD_RULES[purpose];
  return {
    accept: rule.contentTypes,
    maxBytes: rule.maxBytes,
    typeProblem: texts.typeProblem ?? asProblem(rule.typeMessage, 'Invalid file type'),
    sizeProblem: texts.sizeProblem ?? asProblem(rule.sizeMessage, 'File too large'),
  };
}

/**
 * A truck's photo — the create form's image and the edit screen's banner — and gallery photos: one
 * rule and one message (JPG/PNG/WebP, 50 MB; ADR 0150: creating said 5 MB, editing 50 MB).
 */
export const PHOTO_RULE: FileRule = ruleFor('banner');
export const GALLERY_RULE: FileRule = ruleFor('gallery');

/** Menu documents: JPG, PNG or PDF up to 10 MB. */
export const MENU_DOCUMENT_RULE: FileRule = ruleFor('menu-document');


/** The generic image uploader: an image of at most `maxSizeMB` (default: the purpose's limit, 10 MB). */
export function uploaderRule(maxSizeMB?: number, purpose: UploadPurpose = 'menu-item-image'): FileRule {
  const base = ruleFor(purpose);
  const maxBytes = maxSizeMB === undefined ? base.maxBytes : Math.min(maxSizeMB * MB, base.maxBytes);
  const problem = (description: string): FileProblem => ({ title: 'Upload failed', description });
  return {
    accept: base.accept,
    maxBytes,
    typeProblem: problem('Please select an image file'),
    sizeProblem: problem(`File size must be less than ${megabytes(maxBytes)}`),
  };
}

/** The spec's failed image upload: what is said when the server gave no reason of its own. */
export const IMAGE_UPLOAD_FAILED: FileProblem = { title: 'Upload failed', description: 'Failed to upload the image. Please try again.' };

/**
 * What a failed upload tells its user: the server's reason when it refused the file itself (its
 * bytes are not the type named, too big, too many pixels, too many uploads this hour), since
 * trying again cannot help; otherwise `fallback`, the spec's "Please try again".
 */
export function uploadFailure(error: unknown, fallback: FileProblem): FileProblem {
  const said = error instanceof UploadError ? (error.explained ? error : undefined) : error instanceof ApiError ? error : undefined;
  const refused = said && said.status >= 400 && said.status < 500 && said.status !== 401;
  return refused && said.message ? asProblem(said.message, fallback.title) : fallback;
}

export const GALLERY_FULL: FileProblem = {
  title: 'Gallery full',
  description: `You can upload a maximum of ${LIMITS.galleryPhotos} photos.`,
};
export const MENU_LIMIT_REACHED: FileProblem = {
  title: 'Menu limit reached',
  description: `You can upload a maximum of ${LIMITS.menuDocuments} menu items.`,
};

/** How the hints name a stored type. */
const TYPE_NAMES: Record<StoredContentType, string> = {
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};
const typeName = (type: string) => (type in TYPE_NAMES ? TYPE_NAMES[type as StoredContentType] : type);

/**
 * A picker's hint, read from its rule: 'JPG, PNG or WebP, max 50MB'. The screens add their own
 * words around it ('Up to 10 photos. … each.').
 */
export function fileHint(rule: FileRule): string {
  const names = rule.accept.map(typeName);
  const types = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  return `${types}, max ${megabytes(rule.maxBytes)}`;
}

/** Browsers report JPEG files as image/jpeg; a few older ones say image/jpg. */
const normalType = (type: string) => (type.toLowerCase() === 'image/jpg' ? 'image/jpeg' : type.toLowerCase());

/** The first problem with `file` under `rule` (type first, then size), or null when it is fine. */
export function checkFile(file: Pick<File, 'type' | 'size'>, rule: FileRule): FileProblem | null {
  if (!rule.accept.includes(normalType(file.type))) return rule.typeProblem;
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
