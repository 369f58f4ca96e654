// Signing, sending and judging one webhook delivery, and keeping endpoint secrets encrypted at rest.
// Signature (docs/webhooks.md): `X-Portal-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
// with the endpoint's secret. The secret is stored AES-256-GCM encrypted under a key derived from
// JWT_SECRET (HKDF), so a copy of the database alone does not reveal it.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@portal/shared/webhooks/webhooks.schemas';
import type { AppMode } from '../../config.ts';

export const WEBHOOK_RULES = {
  /** Sends per delivery before it is marked failed. */
  maxAttempts: 6,
  /** Wait before the 2nd attempt; doubled for each further one (30 s, 1, 2, 4, 8 min). */
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  /** An endpoint that has not answered by then counts as a network error. */
  timeoutMs: 10_000,
} as const;

// ---- secrets ----

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function secretKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'portal-webhooks', 'webhook endpoint secrets', 32));
}

/** `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encryptSecret(secret: string, appSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(appSecret), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function decryptSecret(stored: string, appSecret: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown webhook secret format');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(appSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

// ---- signature ----

export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

// ---- addresses (SSRF) ----

/** Whether an IP address is loopback, private, link-local, CGNAT, multicast or otherwise not public. */
export function isPrivateAddress(ip: string): boolean {
  const v = isIP(ip);
  if (v === 4) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (v === 6) {
    const x = ip.toLowerCase();
    if (x === '::' || x === '::1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(x);
    if (mapped) return isPrivateAddress(mapped[1]!);
    return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(x) || x.startsWith('64:ff9b:') || x.startsWith('2001:db8');
  }
  return true;
}

const PRIVATE_NAME = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$/i;

/**
 * What is wrong with an endpoint URL on this server (null: fine). Production: https:// only, and no
 * loopback, private or reserved address (literal, or a name such as localhost / *.internal). Demo and
 * test also accept http:// and this machine, so a local receiver can be used.
 */
export function endpointUrlProblem(url: string, mode: AppMode): string | null {
  const u = new URL(url);
  if (mode !== 'production') return null;
  if (u.protocol !== 'https:') return WEBHOOK_MESSAGES.urlHttpsOnly;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) ? isPrivateAddress(host) : PRIVATE_NAME.test(host) || !host.includes('.')) return WEBHOOK_MESSAGES.urlPrivate;
  return null;
}

/** Production, at send time: the name must resolve to public addresses only (a name can point anywhere). */
async function resolvedProblem(url: string, mode: AppMode): Promise<string | null> {
  if (mode !== 'production') return null;
  const problem = endpointUrlProblem(url, mode);
  if (problem) return problem;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  const addresses = await lookup(host, { all: true });
  return addresses.some((a) => isPrivateAddress(a.address)) ? WEBHOOK_MESSAGES.urlPrivate : null;
}

// ---- sending ----

export type SendOutcome = { kind: 'status'; status: number; body: string } | { kind: 'network'; message: string };

export interface Delivery {
  id: string;
  url: string;
  event: string;
  payload: string;
  secret: string;
}

export type Sender = (delivery: Delivery, mode: AppMode, unixSeconds: number) => Promise<SendOutcome>;

/** POSTs the delivery: 10 s time-out, redirects not followed (a 3xx counts as a failed attempt). */
export const sendWebhook: Sender = async (d, mode, unixSeconds) => {
  try {
    const refused = await resolvedProblem(d.url, mode);
    if (refused) return { kind: 'network', message: refused };
    const res = await fetch(d.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_RULES.timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Portal-Webhooks/1',
        'x-portal-event': d.event,
        'x-portal-delivery': d.id,
        'x-portal-signature': signatureHeader(d.secret, d.payload, unixSeconds),
      },
      body: d.payload,
    });
    const text = await res.text().catch(() => '');
    return { kind: 'status', status: res.status, body: text.slice(0, 500) };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const message = e.name === 'TimeoutError' ? 'Timed out after 10 s' : (e.cause?.code ?? e.cause?.message ?? e.message);
    return { kind: 'network', message: String(message).slice(0, 300) };
  }
};

export type Decision =
  | { action: 'delivered'; statusCode: number }
  | { action: 'retry'; delayMs: number; reason: string; statusCode: number | null }
  | { action: 'failed'; reason: string; statusCode: number | null };

/** 2xx delivered; anything else retried with doubling waits until maxAttempts, then failed. */
export function decide(outcome: SendOutcome, attempts: number, rules = WEBHOOK_RULES): Decision {
  if (outcome.kind === 'status' && outcome.status >= 200 && outcome.status < 300) {
    return { action: 'delivered', statusCode: outcome.status };
  }
  const statusCode = outcome.kind === 'status' ? outcome.status : null;
  const reason =
    outcome.kind === 'status'
      ? `HTTP ${outcome.status}${outcome.body.trim() ? `: ${outcome.body.trim().slice(0, 200)}` : ''}`
      : outcome.message;
  if (attempts >= rules.maxAttempts) return { action: 'failed', reason, statusCode };
  const delayMs = Math.min(rules.baseDelayMs * 2 ** (attempts - 1), rules.maxDelayMs);
  return { action: 'retry', delayMs, reason, statusCode };
}
