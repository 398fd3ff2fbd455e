import { objectPathFromUploadURL, type UploadPurpose, type UploadResponse } from '@shared/contracts';
import { apiJson } from '@client/lib/api-client';
import { getToken } from '@client/lib/storage';

/** POST /api/objects/upload → a one-time, signed URL to PUT the file to. */
export async function requestUploadUrl(purpose: UploadPurpose): Promise<string> {
  const { uploadURL } = await apiJson<UploadResponse>('POST', '/api/objects/upload', { purpose });
  return uploadURL;
}

export type { UploadPurpose };

export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server said why (its JSON `message`), rather than only its status. */
    readonly explained = false,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * This server's own upload URL on the origin the page was opened at. The server builds it from
 * PUBLIC_URL (never the Host header, ADR 0060), and the same server answers at every name it has:
 * a page opened at 127.0.0.1 while PUBLIC_URL says localhost would otherwise have its PUT refused
 * by its own Content-Security-Policy (connect-src 'self'). A presigned S3 URL is left as it is.
 */
export function onThisOrigin(uploadURL: string, here: string = window.location.href): string {
  const url = new URL(uploadURL, here);
  return /^\/api\/objects\/upload\/[^/]+\/[^/]+$/.test(url.pathname) ? `${url.pathname}${url.search}` : uploadURL;
}

/** PUTs `file` to `uploadURL` with its content type and the bearer token, reporting percent progress. */
export function putFile(
  uploadURL: string,
  file: Blob,
  onProgress?: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadURL);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    const token = getToken();
    // Only our own origin gets the token; a presigned S3 URL is authorised by its signature.
    if (token && new URL(uploadURL, window.location.href).origin === window.location.origin) {
      xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve();
        return;
      }
      let said: string | undefined;
      try {
        const body = JSON.parse(xhr.responseText) as { message?: unknown };
        if (typeof body.message === 'string' && body.message) said = body.message;
      } catch {
        /* not JSON */
      }
      reject(new UploadError(xhr.status, said ?? (xhr.statusText || 'Upload failed'), said !== undefined));
    };
    xhr.onerror = () => reject(new UploadError(0, 'Network error'));
    xhr.onabort = () => reject(new UploadError(0, 'Upload cancelled'));
    xhr.send(file);
  });
}

/** Requests an upload URL, sends the file and returns its stored path (`/objects/{id}`). */
export async function uploadFile(
  file: Blob,
  purpose: UploadPurpose,
  onProgress?: (percent: number) => void,
): Promise<string> {
  const uploadURL = await requestUploadUrl(purpose);
  await putFile(onThisOrigin(uploadURL), file, onProgress);
  return objectPathFromUploadURL(uploadURL);
}
