// The image upload field: the upload request (route, token, form field), progress, the stored URL handed
// to the form, the thumbnail preview and the File Preview dialog, and refusals (by the picker before
// sending, by the server after) shown as the field's error text.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadedImage } from '@portal/shared/media/media.schemas';
import { ImageUploadField } from './image-upload-field';

const KEY = 'a'.repeat(64);
const STORED: UploadedImage = {
  url: `/media/${KEY}.png`,
  thumbnailUrl: `/media/${KEY}-thumb.webp`,
  width: 800,
  height: 600,
  contentType: 'image/png',
  bytes: 1234,
};

/** A stand-in XMLHttpRequest the test drives: progress, then an answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function Field({ onChange, initial = null }: { onChange: (url: string | null) => void; initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <ImageUploadField
      label="Distributor image"
      value={value}
      onChange={(url) => {
        setValue(url);
        onChange(url);
      }}
    />
  );
}

const MB = 1024 * 1024;
function fileOf(name: string, type: string, size = 2048): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
const pick = (file: File) => fireEvent.change(screen.getByTestId('image-input'), { target: { files: [file] } });

describe('image upload field', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    URL.createObjectURL = vi.fn(() => 'blob:local-preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uploads the picked image with the token, shows progress, then hands the stored URL to the form', async () => {
    localStorage.setItem('token', 'tok-123');
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    pick(fileOf('shelf.png', 'image/png'));
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.headers.authorization]).toEqual(['POST', '/api/admin/media/images', 'Bearer tok-123']);
    expect((xhr.body!.get('file') as File).name).toBe('shelf.png');
    expect(screen.getByRole('img', { name: 'Distributor image' })).toHaveAttribute('src', 'blob:local-preview');

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
    expect(await screen.findByText('Uploading… 40%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose image' })).toBeDisabled();

    xhr.answer(200, { success: true, message: 'Image uploaded', data: STORED });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(STORED.url));
    expect(screen.queryByText(/Uploading/)).not.toBeInTheDocument();
    // The small preview loads the thumbnail; the File Preview dialog the image itself.
    expect(screen.getByRole('img', { name: 'Distributor image' })).toHaveAttribute('src', STORED.thumbnailUrl);
    await userEvent.click(screen.getByRole('button', { name: 'Preview Distributor image' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('File Preview');
    expect(dialog.querySelector('img')).toHaveAttribute('src', STORED.url);
  });

  it("shows the server's refusal and keeps the value", async () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} initial={STORED.url} />);
    pick(fileOf('logo.png', 'image/png'));
    FakeXhr.last!.answer(415, {
      success: false,
      message: 'Only JPEG, PNG, WebP or GIF images can be uploaded',
      error: { code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
    expect(await screen.findByText('Only JPEG, PNG, WebP or GIF images can be uploaded')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Distributor image' })).toHaveAttribute('src', STORED.thumbnailUrl);
  });

  it('says so when the upload fails without an answer', async () => {
    render(<Field onChange={vi.fn()} />);
    pick(fileOf('a.jpg', 'image/jpeg'));
    FakeXhr.last!.onerror?.();
    expect(await screen.findByText('Failed to upload the image')).toBeInTheDocument();
  });

  it('refuses before sending: over 5 MB with the spec message, and a type that is not an accepted image', () => {
    render(<Field onChange={vi.fn()} />);
    pick(fileOf('big.jpg', 'image/jpeg', 5 * MB + 1));
    expect(screen.getByText('File size must be 5MB or less')).toBeInTheDocument();
    pick(fileOf('logo.svg', 'image/svg+xml'));
    expect(screen.getByText('Only JPEG, PNG, WebP or GIF images can be uploaded')).toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();
  });

  it('Remove clears the value', async () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} initial={STORED.url} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.getByRole('button', { name: 'Choose image' })).toBeInTheDocument();
  });
});
