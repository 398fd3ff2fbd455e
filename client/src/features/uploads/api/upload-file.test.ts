import { describe, expect, it } from 'vitest';
import { onThisOrigin } from './upload-file';

describe('onThisOrigin', () => {
  it("puts this server's own upload URL on the page's origin, whatever name PUBLIC_URL gave it", () => {
    expect(onThisOrigin('http://localhost:5403/api/objects/upload/sig/abc123', 'http://127.0.0.1:5403/menu-management/1')).toBe(
      '/api/objects/upload/sig/abc123',
    );
  });

  it('leaves a presigned S3 URL (another host, its own path and signature) as it is', () => {
    const s3 = 'https://bucket.s3.amazonaws.com/incoming/abc123?X-Amz-Signature=f00';
    expect(onThisOrigin(s3, 'http://127.0.0.1:5403/')).toBe(s3);
  });
});
