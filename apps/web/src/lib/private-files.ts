// Files that only a signed-in caller may read or send (a support ticket's attachments): uploaded with
// progress (XMLHttpRequest: only it reports upload progress) and read back as blobs with the bearer
// token, since an <img> or a link cannot send one.
import { API_BASE, REQUEST_TIMEOUT_MS } from './api';
import { storage } from './storage';

export const FILE_UPLOAD_FAILED = 'Failed to upload the file';
export const FILE_READ_FAILED = 'Failed to open the file';

type Answer<T> = { success?: unknown; message?: unknown; data?: T };

export interface PrivateUpload<T> {
  /** Settles with the answer's data, or rejects with an Error whose message is the server's. */
  done: Promise<T>;
  abort(): void;
}

function authHeaders(extra: Record<string, string>): Record<string, string> {
  const token = storage.getToken();
  return token ? { authorization: `Bearer ${token}`, ...extra } : { ...extra };
}

/** POSTs one file as multipart/form-data (field `file`) to an API path; `onProgress` gets 0-100. */
export function uploadPrivateFile<T>(
  path: string,
  file: File,
  headers: Record<string, string>,
  onProgress: (percent: number) => void,
): PrivateUpload<T> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    for (const [name, value] of Object.entries(authHeaders(headers))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: Answer<T> | null;
      try {
        body = JSON.parse(xhr.responseText) as Answer<T> | null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.success && body.data) resolve(body.data);
      else reject(new Error(typeof body?.message === 'string' && body.message ? body.message : FILE_UPLOAD_FAILED));
    };
    xhr.onerror = () => reject(new Error(FILE_UPLOAD_FAILED));
    xhr.ontimeout = () => reject(new Error(FILE_UPLOAD_FAILED));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/** GETs a file from an API path with the bearer token; rejects with the server's message. */
export async function fetchPrivateFile(path: string, headers: Record<string, string>): Promise<Blob> {
  const res = await fetch(`${API_BASE}${path}`, { headers: authHeaders(headers) });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : FILE_READ_FAILED);
  }
  return res.blob();
}
