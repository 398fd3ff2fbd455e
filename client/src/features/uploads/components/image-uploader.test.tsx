import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageUploader } from './image-uploader';

/** An XMLHttpRequest stand-in that reports progress, then answers with `status` (null: never answers). */
function stubXhr(status: number | null, responseText = '') {
  const sent: { method: string; url: string; headers: Record<string, string> }[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) {
      this.request = { method, url, headers: {} };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    send() {
      sent.push(this.request);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      if (status === null) return;
      setTimeout(() => {
        this.status = status;
        this.responseText = responseText;
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const png = (size = 10) => new File([new Uint8Array(size)], 'dish.png', { type: 'image/png' });

describe('ImageUploader', () => {
  it('refuses a file that is not an image', () => {
    const onUploaded = vi.fn();
    render(<ImageUploader purpose="menu-item-image" inputLabel="Image file" onUploaded={onUploaded} />);
    fireEvent.change(screen.getByLabelText('Image file'), {
      target: { files: [new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an image file');
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('refuses an image over its size limit', () => {
    render(
      <ImageUploader purpose="menu-item-image" inputLabel="Image file" maxSizeMB={1} onUploaded={vi.fn()} />,
    );
    fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [png(1024 * 1024 + 1)] } });
    expect(screen.getByRole('alert')).toHaveTextContent('File size must be less than 1MB');
  });

  it('uploads to the signed URL with the content type and token, then reports success and the object path', async () => {
    window.localStorage.setItem('token', 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ uploadURL: '/api/objects/upload/abcdefghijklmnopqrstuv?sig=1' }), {
            status: 200,
          }),
      ),
    );
    const sent = stubXhr(200);
    const onUploaded = vi.fn();
    render(<ImageUploader purpose="menu-item-image" inputLabel="Image file" onUploaded={onUploaded} />);
    fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [png()] } });
    expect(await screen.findByText('Image uploaded successfully')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith('/objects/abcdefghijklmnopqrstuv');
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'image/png', Authorization: 'Bearer tok' },
    });
    const [, init] = vi.mocked(fetch).mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ purpose: 'menu-item-image' });
  });

  it('shows percent progress while uploading', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ uploadURL: '/u/x' }), { status: 200 })),
    );
    stubXhr(null);
    render(<ImageUploader purpose="menu-item-image" inputLabel="Image file" onUploaded={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [png()] } });
    expect(await screen.findByText('Uploading... 50%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
  });

  it('reports a refused upload', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ uploadURL: '/u/x' }), { status: 200 })),
    );
    stubXhr(415);
    const onUploaded = vi.fn();
    render(<ImageUploader purpose="menu-item-image" inputLabel="Image file" onUploaded={onUploaded} />);
    fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [png()] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload image');
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it("says the server's reason when it refused the file itself, since trying again cannot help", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ uploadURL: '/u/x' }), { status: 200 })),
    );
    stubXhr(415, JSON.stringify({ message: 'Invalid file type: Please upload a JPG, PNG or WebP image.' }));
    render(<ImageUploader purpose="menu-item-image" inputLabel="Image file" onUploaded={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [png()] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload a JPG, PNG or WebP image.');
  });
});
