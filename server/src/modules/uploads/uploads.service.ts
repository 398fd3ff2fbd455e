/**
 * The uploads module's public functions, for its routes and for other modules (operator trucks,
 * menu items, demo data). Each part lives in its own file; see stored-objects.ts.
 */
export { mediaResolver, mediaResolverFor } from './attach-media';
export { receiveUpload } from './receive-upload';
export { isImageVariant, readObject, type ServedObject } from './serve-object';
export { storeFile, uploadDepsFor, type UploadDeps } from './stored-objects';
export { admitUpload, createUploadURL } from './upload-urls';
