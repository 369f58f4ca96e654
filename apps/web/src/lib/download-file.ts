// Files the API makes on request (PDF, CSV): POSTed with the bearer token and saved under a name.
// A refusal rejects with the server's message, so the caller's toast says what went wrong.
import { API_BASE } from './api';
import { storage } from './storage';

export async function downloadPostedFile(path: string, body: unknown, fileName: string, failed: string): Promise<void> {
  const token = storage.getToken();
  // An absolute URL: the same in a browser, and one a Request can be made of outside one (tests).
  const res = await fetch(new URL(`${API_BASE}${path}`, window.location.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof answer?.message === 'string' && answer.message ? answer.message : failed);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
