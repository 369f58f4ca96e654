// Helpers for the auth tests: calls that also check no error ever carries a stack trace,
// and reading codes the way a browser test does, through the dev outbox.
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { call, type TestContext } from '../../../test/helper.ts';

let ipSeq = 0;
/** A fresh client IP, so one test's calls do not count against another's per-IP limit. */
export const freshIp = (): string => `10.${Math.floor(++ipSeq / 250) % 250}.${ipSeq % 250}.${(ipSeq * 7) % 250}`;

export function expectNoStack(body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  expect(text).not.toMatch(/\bstack\b|\n\s+at |\.ts:\d+|node_modules/);
}

type Opts = InjectOptions & { token?: string; ip?: string };

/** call() that checks every answer for stack traces; `ip` sets x-forwarded-for. */
export async function send(ctx: TestContext, opts: Opts) {
  const headers = { ...(opts.headers as Record<string, string> | undefined) };
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  const res = await call(ctx.app, { ...opts, headers });
  expectNoStack(res.body);
  return res;
}

export const post = (ctx: TestContext, url: string, payload: unknown, extra: Omit<Opts, 'method' | 'url' | 'payload'> = {}) =>
  send(ctx, { method: 'POST', url: `/api${url}`, payload: payload as InjectOptions['payload'], ...extra });

/** Messages to an address through GET /api/dev/outbox, newest first. */
export async function outbox(
  ctx: TestContext,
  to: string,
): Promise<Array<{ channel: string; to: string; subject: string; body: string; status: string }>> {
  const res = await send(ctx, { method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The code in the newest message to the address. */
export async function latestCode(ctx: TestContext, to: string): Promise<string> {
  const [message] = await outbox(ctx, to);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** Another code than the real one. */
export const wrongCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
