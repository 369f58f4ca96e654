// Sending one Web Push and deciding what its answer means. web-push encrypts the payload (aes128gcm) and
// signs the VAPID token; the request itself goes through fetch, which gives a time-out, no redirects
// (an endpoint is client input: a redirect could lead anywhere) and the Retry-After header.
import webpush from 'web-push';
import type { PushConfig } from '../../config.ts';

export const PUSH_RULES = {
  /** Sends per job before it is marked failed (429, 5xx and network errors are retried). */
  maxAttempts: 5,
  /** Wait before the 2nd attempt; doubled for each further one. */
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  /** A push service that has not answered by then counts as a network error. */
  timeoutMs: 10_000,
  /** How long a push service keeps a push for a device that is offline. */
  ttlSeconds: 24 * 60 * 60,
} as const;

export type SendOutcome = { kind: 'status'; status: number; retryAfterMs?: number } | { kind: 'network'; message: string };

export type JobDecision =
  | { action: 'sent' }
  | { action: 'retry'; delayMs: number; reason: string }
  | { action: 'failed'; reason: string }
  /** The push service says the subscription no longer exists: delete it. */
  | { action: 'gone'; reason: string };

/**
 * What a push service's answer means for the job, after `attempts` sends (this one included):
 * 2xx sent; 404/410 gone (the only answers that drop a subscription); 429, 5xx and network errors
 * retried with doubling waits (at least Retry-After) until maxAttempts; any other answer (400 bad
 * request, 401/403 VAPID refused, 413 payload too large, …) failed, the subscription kept.
 */
export function decide(
  outcome: SendOutcome,
  attempts: number,
  rules: Pick<typeof PUSH_RULES, 'maxAttempts' | 'baseDelayMs' | 'maxDelayMs'> = PUSH_RULES,
): JobDecision {
  if (outcome.kind === 'status') {
    const { status } = outcome;
    if (status >= 200 && status < 300) return { action: 'sent' };
    if (status === 404 || status === 410) return { action: 'gone', reason: `Push service answered ${status}` };
    if (status !== 429 && status < 500) return { action: 'failed', reason: `Push service answered ${status}` };
  }
  const reason = outcome.kind === 'status' ? `Push service answered ${outcome.status}` : outcome.message;
  if (attempts >= rules.maxAttempts) return { action: 'failed', reason: `${reason} (gave up after ${attempts} attempts)` };
  const backoff = rules.baseDelayMs * 2 ** Math.max(0, attempts - 1);
  const retryAfter = outcome.kind === 'status' ? (outcome.retryAfterMs ?? 0) : 0;
  return { action: 'retry', delayMs: Math.min(rules.maxDelayMs, Math.max(backoff, retryAfter)), reason };
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now (undefined when absent or unreadable). */
export function retryAfterMs(header: string | null, nowMs: number = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

export interface Target {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Encrypts and sends one push; never throws (a failure to encrypt or connect is a network outcome). */
export async function sendPush(
  config: PushConfig,
  target: Target,
  payload: string,
  timeoutMs = PUSH_RULES.timeoutMs,
): Promise<SendOutcome> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
        TTL: PUSH_RULES.ttlSeconds,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
  } catch {
    // Keys that cannot be used will never work: failed like a 400, not retried.
    return { kind: 'status', status: 400 };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  try {
    const res = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel().catch(() => undefined);
    return { kind: 'status', status: res.status, retryAfterMs: retryAfterMs(res.headers.get('retry-after')) };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return { kind: 'network', message: `Network error: ${e.cause?.code ?? e.name ?? 'unknown'}` };
  }
}
