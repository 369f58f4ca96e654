// Sign-in abuse (issue 12 §1, §3) over HTTP: concurrent guessing, one counter per account whichever
// address is typed, change-password guessing on every role, codes an attacker cannot spoil, tokens
// without expiry, idle and absolute session lifetimes, and the loopback-only dev outbox.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBaseWorld, DEMO_PASSWORD, WORLD } from '../src/db/seed/base-world.ts';
import { advanceClock } from '../src/platform/clock.ts';
import { freshIp, latestCode, post, send, wrongCode } from '../src/modules/auth/auth.test-support.ts';
import { loadConfig } from '../src/config.ts';
import { call, createTestContext, tokenFor, type TestContext } from './helper.ts';

const PASSWORD_LOCKED = {
  success: false,
  message: 'Too many failed attempts. Please try again in 15 minutes or sign in with a one-time code.',
  error: { code: 'RATE_LIMITED' },
  // The window started at the first failure, a moment (under load, seconds) before this answer.
  data: { retryAfterSeconds: expect.toSatisfy((s: number) => s > 860 && s <= 900) },
};
const DAY = 24 * 60 * 60_000;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await createBaseWorld(ctx.db);
});
afterAll(() => ctx.close());
beforeEach(() => advanceClock(16 * 60_000)); // every 15-minute window of the previous test ends

const passwordLogin = (emailPhone: string, password: string, ip = freshIp()) =>
  post(ctx, '/auth/loginWithPassword', { email_phone: emailPhone, password }, { ip });

describe('password guessing is counted per account, before checking', () => {
  it('100 concurrent wrong passwords from 100 IPs: 10 are checked (401), 90 get 429; then the right password gets 429', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => passwordLogin('retailer2@demo.test', `Wrong-guess-${i}`)),
    );
    const histogram: Record<number, number> = {};
    for (const r of results) histogram[r.status] = (histogram[r.status] ?? 0) + 1;
    expect(histogram).toEqual({ 401: 10, 429: 90 });
    expect(results.find((r) => r.status === 429)!.body).toEqual(PASSWORD_LOCKED);

    const right = await passwordLogin('retailer2@demo.test', DEMO_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body).toEqual(PASSWORD_LOCKED);

    // The lock is the account's way out, as the message says: a code to its own address still works.
    const ip = freshIp();
    expect((await post(ctx, '/auth/login', { email_phone: 'retailer2@demo.test' }, { ip })).status).toBe(200);
    const code = await latestCode(ctx, 'retailer2@demo.test');
    const signedIn = await post(ctx, '/auth/verify', { email_phone: 'retailer2@demo.test', otp: code }, { ip });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.role).toBe('retailer');
  });

  it('the e-mail and the phone (in any spelling) share one counter', async () => {
    const spellings = ['admin@demo.test', 'ADMIN@demo.test', '+1 555 010 0001', '(555) 010-0001', '555.010.0001'];
    for (let i = 0; i < 10; i++) {
      expect((await passwordLogin(spellings[i % spellings.length]!, `Wrong-${i}`)).status).toBe(401);
    }
    for (const spelling of ['admin@demo.test', '15550100001']) {
      const res = await passwordLogin(spelling, DEMO_PASSWORD);
      expect(res.status).toBe(429);
      expect(res.body).toEqual(PASSWORD_LOCKED);
    }
    // The sales sign-in path counts on the same account too.
    expect((await post(ctx, '/auth/salesLogin', { email_phone: 'admin@demo.test', password: DEMO_PASSWORD })).status).toBe(429);
    advanceClock(15 * 60_000);
    expect((await passwordLogin('+1 555 010 0001', DEMO_PASSWORD)).status).toBe(200);
  });

  it('an unknown address is limited the same way (its own counter), with the same answers', async () => {
    for (let i = 0; i < 10; i++) expect((await passwordLogin('nobody@nowhere.test', `Wrong-${i}`)).status).toBe(401);
    const res = await passwordLogin('nobody@nowhere.test', DEMO_PASSWORD);
    expect(res.status).toBe(429);
    expect(res.body).toEqual(PASSWORD_LOCKED);
  });
});

describe('current-password checks count against the same account limit', () => {
  const cases = [
    { role: 'retailer', url: '/api/retailer/changePassword', user: WORLD.users.retailer },
    { role: 'distributor', url: '/api/admin/changePassword', user: WORLD.users.admin },
    { role: 'sales', url: '/api/sales/changePassword', user: WORLD.users.sales },
  ] as const;

  it.each(cases)('$role: 10 wrong current passwords, then 429 even for the right one, and sign-in is locked too', async (c) => {
    const token = await tokenFor(ctx, c.user.id);
    const change = (currentPassword: string) =>
      send(ctx, {
        method: 'POST',
        url: c.url,
        token,
        payload: { currentPassword, newPassword: 'Another@Pass123' },
        ip: freshIp(),
      });
    for (let i = 0; i < 10; i++) {
      const res = await change(`Guess-${i}-password`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Current password is incorrect');
    }
    const locked = await change(DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual(PASSWORD_LOCKED);
    expect((await passwordLogin(c.user.email, DEMO_PASSWORD)).status).toBe(429);
    // Nothing changed: the password is still the old one once the window ends.
    advanceClock(15 * 60_000);
    expect((await passwordLogin(c.user.email, DEMO_PASSWORD)).status).toBe(200);
  });
});

describe('one-time codes cannot be spoiled by someone else', () => {
  it("an attacker's new code and wrong guesses leave the owner's code working", async () => {
    const owner = freshIp();
    const attacker = freshIp();
    expect((await post(ctx, '/auth/login', { email_phone: 'sales2@demo.test' }, { ip: owner })).status).toBe(200);
    const ownersCode = await latestCode(ctx, 'sales2@demo.test');

    advanceClock(31_000);
    expect((await post(ctx, '/auth/resendOtp', { email_phone: '+1 555 010 0005' }, { ip: attacker })).status).toBe(200);
    advanceClock(31_000);
    expect((await post(ctx, '/auth/login', { email_phone: 'sales2@demo.test' }, { ip: attacker })).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = await post(
        ctx,
        '/auth/verify',
        { email_phone: 'sales2@demo.test', otp: wrongCode(ownersCode) },
        { ip: attacker },
      );
      expect(res.status).toBe(401);
    }
    expect((await post(ctx, '/auth/verify', { email_phone: 'sales2@demo.test', otp: ownersCode }, { ip: attacker })).status).toBe(
      429,
    );

    const res = await post(ctx, '/auth/verify', { email_phone: 'sales2@demo.test', otp: ownersCode }, { ip: owner });
    expect(res.status).toBe(200);
    // Used once.
    expect(
      (await post(ctx, '/auth/verify', { email_phone: 'sales2@demo.test', otp: ownersCode }, { ip: freshIp() })).body.message,
    ).toBe('Invalid or expired OTP');
  });

  it('the per-account ceiling stops a guesser with many IPs after 50 code attempts an hour', async () => {
    for (let i = 0; i < 50; i++) {
      const res = await post(ctx, '/auth/verify', { email_phone: 'retailer@demo.test', otp: '000000' }, { ip: freshIp() });
      expect(res.status).toBe(401);
    }
    const over = await post(ctx, '/auth/verify', { email_phone: 'retailer@demo.test', otp: '000000' }, { ip: freshIp() });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Too many failed attempts. Please try again in 60 minutes.');
    advanceClock(60 * 60_000);
  });
});

describe('tokens and session lifetimes', () => {
  const me = (token: string) => call(ctx.app, { method: 'GET', url: '/api/auth/profile', token });

  it('a validly signed token without exp is refused', async () => {
    const valid = await tokenFor(ctx, WORLD.users.retailer.id);
    expect((await me(valid)).status).toBe(200);
    const { sub: sessionId } = JSON.parse(Buffer.from(valid.split('.')[1]!, 'base64url').toString()) as { sub: string };
    const forever = await new SignJWT({ role: 'retailer', uid: WORLD.users.retailer.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sessionId)
      .setIssuedAt()
      .sign(Buffer.from(ctx.config.jwtSecret, 'utf8'));
    const res = await me(forever);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Session expired. Please sign in again.');
  });

  it('tokens from sign-in expire with the absolute lifetime (90 days)', async () => {
    const res = await passwordLogin('retailer@demo.test', DEMO_PASSWORD);
    const payload = JSON.parse(Buffer.from(res.body.data.token.split('.')[1], 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    expect(payload.exp - payload.iat).toBe(90 * 24 * 60 * 60);
  });

  it('a session unused for more than 30 days ends, even one this process keeps in memory', async () => {
    const token = await tokenFor(ctx, WORLD.users.sales.id);
    expect((await me(token)).status).toBe(200);
    advanceClock(29 * DAY);
    expect((await me(token)).status).toBe(200); // used: the idle time starts again
    advanceClock(29 * DAY);
    expect((await me(token)).status).toBe(200);
    advanceClock(30 * DAY + 60_000);
    const res = await me(token);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Session expired. Please sign in again.');
  });

  it('a session in daily use ends 90 days after sign-in', async () => {
    const token = await tokenFor(ctx, WORLD.users.retailer2.id);
    for (let day = 0; day < 89; day += 10) {
      expect((await me(token)).status).toBe(200);
      advanceClock(10 * DAY);
    }
    // Day 90 and a bit: past the absolute lifetime though used every 10 days.
    advanceClock(DAY);
    expect((await me(token)).status).toBe(401);
  });
});

describe('a client cannot dodge the per-IP limit with its own X-Forwarded-For', () => {
  it.each([
    ['TRUST_PROXY=false (no proxy)', 'false', (i: number) => `198.51.100.${i}`],
    ['TRUST_PROXY=1 (one proxy adds the client address last)', '1', (i: number) => `198.51.100.${i}, 203.0.113.7`],
  ])('%s: 60 calls with a new forged address each, then 429', async (_name, trust, forwarded) => {
    const { trustProxy } = loadConfig({ DATA_DIR: ctx.config.dataDir, JWT_SECRET: ctx.config.jwtSecret, TRUST_PROXY: trust });
    const other = await createTestContext({ trustProxy });
    try {
      for (let i = 0; i < 60; i++) {
        const res = await call(other.app, {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email_phone: `visitor${i}@x.test` },
          headers: { 'x-forwarded-for': forwarded(i) },
        });
        expect(res.status).toBe(200);
      }
      const over = await call(other.app, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email_phone: 'visitor-last@x.test' },
        headers: { 'x-forwarded-for': forwarded(99) },
      });
      expect(over.status).toBe(429);
      expect(over.body.message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    } finally {
      await other.close();
    }
  });
});

describe('the dev outbox exists only on a loopback HOST', () => {
  it('with HOST=0.0.0.0 (test mode) it is not registered: 404', async () => {
    const exposed = await createTestContext({ host: '0.0.0.0' });
    try {
      const res = await call(exposed.app, { method: 'GET', url: '/api/dev/outbox?to=admin%40demo.test' });
      expect(res.status).toBe(404);
      expect(res.body.success).toBe(false);
    } finally {
      await exposed.close();
    }
  });

  it('with HOST=::1 it answers', async () => {
    const local = await createTestContext({ host: '::1' });
    try {
      expect((await call(local.app, { method: 'GET', url: '/api/dev/outbox?to=admin%40demo.test' })).status).toBe(200);
    } finally {
      await local.close();
    }
  });
});
