// Answers to a first screen's requests that the page sent before the app's scripts had loaded
// (app/early-requests.ts, a script of its own that the page runs first). The page and the app are
// separate scripts, so the answers wait on `window` under EARLY_ANSWERS; the app's fetch
// (lib/api.ts) takes one when it sends the very same request: same method, URL, authorization and
// body. Freshness rule (docs/web.md "Early requests"): an answer serves one request, only within
// EARLY_ANSWER_MAX_AGE_MS of when it was asked for; anything else goes to the server.
import { API_BASE } from './api-base';

export const EARLY_ANSWERS = '__portalEarlyAnswers';
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

interface EarlyAnswer {
  answer: Promise<Response>;
  askedAt: number;
}

type EarlyWindow = { [EARLY_ANSWERS]?: Map<string, EarlyAnswer> };
const answers = (): Map<string, EarlyAnswer> => ((globalThis as EarlyWindow)[EARLY_ANSWERS] ??= new Map());

export function requestKey(method: string, url: string, authorization: string | null, body: string): string {
  return JSON.stringify([method.toUpperCase(), url, authorization ?? '', body]);
}

/** Sends a request to the API now and keeps its answer for the app's identical request. */
export function askEarly(path: string, init: RequestInit & { headers: Record<string, string> }, now = Date.now()): void {
  const url = new URL(API_BASE + path, window.location.origin).href;
  const key = requestKey(
    init.method ?? 'GET',
    url,
    init.headers.authorization ?? null,
    typeof init.body === 'string' ? init.body : '',
  );
  const answer = fetch(url, init);
  // Handled here too: an early request that fails while no app request takes it is not an error.
  answer.catch(() => undefined);
  answers().set(key, { answer, askedAt: now });
}

/**
 * The early answer to `request`, taken (it serves no other request), or undefined. An early request
 * that failed to reach the server is sent again, as the app would have sent it.
 */
export async function takeEarlyAnswer(request: Request, now = Date.now()): Promise<Response | undefined> {
  const waiting = (globalThis as EarlyWindow)[EARLY_ANSWERS];
  if (!waiting?.size) return undefined;
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
  const key = requestKey(request.method, request.url, request.headers.get('authorization'), body);
  const early = waiting.get(key);
  if (!early) return undefined;
  waiting.delete(key);
  if (now - early.askedAt > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  return early.answer.catch(() => fetch(request));
}
