// Sends one image to an office upload route (POST /api/admin/media/images by default, or the settings'
// logo route; multipart/form-data) and reports progress. XMLHttpRequest rather than fetch: only it reports upload progress in browsers.
import type { UploadedImage } from '@portal/shared/media/media.schemas';
import { API_BASE, REQUEST_TIMEOUT_MS } from './api';
import { storage } from './storage';

export const IMAGE_UPLOAD_URL = `${API_BASE}/admin/media/images`;
export const IMAGE_UPLOAD_FAILED = 'Failed to upload the image';

/** The envelope as it may come back: anything a proxy or the API answered. */
type Answer = { success?: unknown; message?: unknown; data?: UploadedImage };

export interface ImageUpload {
  /** Settles with the stored image, or rejects with an Error whose message is the server's. */
  done: Promise<UploadedImage>;
  abort(): void;
}

/** Starts the upload; `onProgress` receives 0-100 as the bytes go out. */
export function uploadImage(file: File, onProgress: (percent: number) => void, url = IMAGE_UPLOAD_URL): ImageUpload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadedImage>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    const token = storage.getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: Answer | null;
      try {
        body = JSON.parse(xhr.responseText) as Answer | null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.success && body.data) resolve(body.data);
      else reject(new Error(typeof body?.message === 'string' && body.message ? body.message : IMAGE_UPLOAD_FAILED));
    };
    xhr.onerror = () => reject(new Error(IMAGE_UPLOAD_FAILED));
    xhr.ontimeout = () => reject(new Error(IMAGE_UPLOAD_FAILED));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
