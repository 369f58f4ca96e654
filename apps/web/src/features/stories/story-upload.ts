// Sends the Add Story form (POST /api/distrubutor/stories, multipart/form-data: mediaType, media, caption
// and the optional schedule and audience) and reports upload progress. XMLHttpRequest rather than
// fetch: only it reports upload progress in browsers.
import type { OfficeStory } from '@portal/shared/stories/stories.schemas';
import { STORY_MESSAGES } from '@portal/shared/stories/stories.schemas';
import { API_BASE, REQUEST_TIMEOUT_MS } from '../../lib/api';
import { storage } from '../../lib/storage';

export const STORY_UPLOAD_URL = `${API_BASE}/distrubutor/stories`;

type Answer = { success?: unknown; message?: unknown; data?: OfficeStory };

export interface StoryUpload {
  /** Settles with the created story and the server's message, or rejects with an Error carrying the server's message. */
  done: Promise<{ story: OfficeStory; message: string }>;
  abort(): void;
}

export function uploadStory(fields: Record<string, string>, media: File, onProgress: (percent: number) => void): StoryUpload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<{ story: OfficeStory; message: string }>((resolve, reject) => {
    xhr.open('POST', STORY_UPLOAD_URL);
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
      if (xhr.status >= 200 && xhr.status < 300 && body?.success && body.data) {
        resolve({ story: body.data, message: typeof body.message === 'string' ? body.message : STORY_MESSAGES.created });
      } else {
        // spec §8: the server's message, else Failed to create story
        reject(new Error(typeof body?.message === 'string' && body.message ? body.message : STORY_MESSAGES.createFailed));
      }
    };
    // spec §8: a failure outside the server's answer
    xhr.onerror = () => reject(new Error(STORY_MESSAGES.createFailedOuter));
    xhr.ontimeout = () => reject(new Error(STORY_MESSAGES.createFailedOuter));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('media', media, media.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
