// The worker's rules for a push service's answer: which are sent, retried (and when), failed, or gone.
import { describe, expect, it } from 'vitest';
import { PUSH_RULES, decide, retryAfterMs } from './push-delivery.ts';

const status = (s: number, retryAfter?: number) => ({ kind: 'status' as const, status: s, retryAfterMs: retryAfter });

describe('decide', () => {
  it('counts every 2xx as sent', () => {
    for (const s of [200, 201, 202, 204]) expect(decide(status(s), 1)).toEqual({ action: 'sent' });
  });

  it('drops the subscription only on 404 and 410', () => {
    expect(decide(status(404), 1)).toEqual({ action: 'gone', reason: 'Push service answered 404' });
    expect(decide(status(410), 3)).toEqual({ action: 'gone', reason: 'Push service answered 410' });
    for (const s of [400, 401, 403, 413, 429, 500, 502, 503]) expect(decide(status(s), 1).action).not.toBe('gone');
  });

  it('fails 400, 413 and other client errors at once, without retrying', () => {
    for (const s of [400, 401, 403, 413, 301]) {
      expect(decide(status(s), 1)).toEqual({ action: 'failed', reason: `Push service answered ${s}` });
    }
  });

  it('retries 429, 5xx and network errors with doubling waits, then gives up', () => {
    expect(decide(status(500), 1)).toEqual({ action: 'retry', delayMs: 30_000, reason: 'Push service answered 500' });
    expect(decide(status(503), 2)).toMatchObject({ action: 'retry', delayMs: 60_000 });
    expect(decide({ kind: 'network', message: 'Network error: ECONNREFUSED' }, 3)).toEqual({
      action: 'retry',
      delayMs: 120_000,
      reason: 'Network error: ECONNREFUSED',
    });
    expect(decide(status(429), 4)).toMatchObject({ action: 'retry', delayMs: 240_000 });
    expect(decide(status(500), PUSH_RULES.maxAttempts)).toEqual({
      action: 'failed',
      reason: 'Push service answered 500 (gave up after 5 attempts)',
    });
  });

  it('waits at least Retry-After, at most an hour', () => {
    expect(decide(status(429, 600_000), 1)).toMatchObject({ action: 'retry', delayMs: 600_000 });
    expect(decide(status(429, 5_000), 1)).toMatchObject({ action: 'retry', delayMs: 30_000 });
    expect(decide(status(503, 10 * 3_600_000), 1)).toMatchObject({ action: 'retry', delayMs: 3_600_000 });
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 10:00:30 GMT', Date.parse('2026-11-27T10:00:00Z'))).toBe(30_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
