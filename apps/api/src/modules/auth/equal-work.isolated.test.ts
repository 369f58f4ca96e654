// Unknown and known addresses do the same work (issue 12 §1): the same hashing (argon2, HMAC), the
// same counter hits and the same SQL statements on the same tables, so neither the answer nor its
// time tells whether an account exists. Counted, not timed: the steps are spied on and every
// statement is recorded by a Kysely plugin.
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBaseWorld } from '../../db/seed/base-world.ts';
import { advanceClock } from '../../platform/clock.ts';
import { createMemoryStore, type CounterStore } from '../../platform/rate-limit.ts';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import * as passwords from '../../platform/auth/passwords.ts';
import * as otp from './otp.service.ts';
import {
  passwordLogin,
  requestLoginCode,
  requestResetCode,
  resendCode,
  signup,
  verifyLoginCode,
  type AuthContext,
} from './auth.service.ts';

vi.mock('../../platform/auth/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return { ...real, hashPassword: vi.fn(real.hashPassword), verifyPassword: vi.fn(real.verifyPassword) };
});
vi.mock('./otp.service.ts', async (importOriginal) => {
  const real = await importOriginal<typeof otp>();
  return { ...real, newCode: vi.fn(real.newCode), checkCode: vi.fn(real.checkCode) };
});

/** The first table a statement names. */
function tableOf(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
  if (n.kind === 'TableNode' && n.table?.identifier?.name) return n.table.identifier.name;
  for (const value of Object.values(node)) {
    const found = Array.isArray(value) ? value.map(tableOf).find(Boolean) : tableOf(value);
    if (found) return found;
  }
  return '';
}

let steps: string[] = [];
const recorder: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs) {
    steps.push(`${args.node.kind.replace('QueryNode', '')} ${tableOf(args.node as OperationNode)}`);
    return args.node;
  },
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  },
};

let ctx: TestContext;
let auth: AuthContext;

function countingStore(): CounterStore {
  const store = createMemoryStore();
  return {
    hit: (key, windowMs) => (steps.push(`counter hit ${key.split(':')[0]}`), store.hit(key, windowMs)),
    peek: (key) => store.peek(key),
    reset: (key) => (steps.push(`counter reset ${key.split(':')[0]}`), store.reset(key)),
  };
}

/** The steps one call takes (its result or error aside). */
async function stepsOf(run: () => Promise<unknown>): Promise<string[]> {
  advanceClock(31_000); // the previous call's resend throttle has ended
  // The recorder sees a statement when it is compiled. A query compiled once per database
  // (compiledOnce) is compiled again for a new Kysely instance, so each call gets its own.
  auth.db = ctx.db.withPlugin(recorder);
  steps = [];
  vi.clearAllMocks();
  await run().catch(() => undefined);
  return [
    ...steps,
    `argon2 hash ×${vi.mocked(passwords.hashPassword).mock.calls.length}`,
    `argon2 verify ×${vi.mocked(passwords.verifyPassword).mock.calls.length}`,
    `code HMAC (new) ×${vi.mocked(otp.newCode).mock.calls.length}`,
    `code check ×${vi.mocked(otp.checkCode).mock.calls.length}`,
  ];
}

beforeAll(async () => {
  ctx = await createTestContext();
  await createBaseWorld(ctx.db);
  auth = { db: ctx.db.withPlugin(recorder), config: ctx.config, log: ctx.app.log, counters: countingStore() };
});
afterAll(() => ctx.close());

describe('the unknown path performs the same hashing and storage steps as the known one', () => {
  it('POST /auth/login', async () => {
    const known = await stepsOf(() => requestLoginCode(auth, 'retailer@demo.test'));
    const unknown = await stepsOf(() => requestLoginCode(auth, 'nobody@demo.test'));
    expect(known).toEqual([
      'counter hit otp-send',
      'Select users',
      // The e-mail sender of the installation's distributor (Settings), read on both paths.
      'Select distributors',
      'Select settings',
      'Select distributors',
      'Insert otp_codes',
      'Insert outbox_messages',
      'argon2 hash ×0',
      'argon2 verify ×0',
      'code HMAC (new) ×1',
      'code check ×0',
    ]);
    expect(unknown).toEqual(known);
    // ... and the unknown one leaves nothing behind.
    const stored = await ctx.db.selectFrom('otp_codes').select('id').where('target', '=', 'nobody@demo.test').execute();
    expect(stored).toEqual([]);
    expect(await ctx.db.selectFrom('outbox_messages').select('id').where('recipient', '=', 'nobody@demo.test').execute()).toEqual(
      [],
    );
  });

  it('an inactive account does the same work as an active one (and is sent nothing)', async () => {
    await ctx.db.updateTable('users').set({ is_active: 0 }).where('email', '=', 'retailer2@demo.test').execute();
    const inactive = await stepsOf(() => requestLoginCode(auth, 'retailer2@demo.test'));
    await ctx.db.updateTable('users').set({ is_active: 1 }).where('email', '=', 'retailer2@demo.test').execute();
    const active = await stepsOf(() => requestLoginCode(auth, 'retailer2@demo.test'));
    expect(inactive).toEqual(active);
  });

  it('POST /auth/forgotPassword', async () => {
    const known = await stepsOf(() => requestResetCode(auth, '+1 555 010 0001'));
    const unknown = await stepsOf(() => requestResetCode(auth, '+1 555 999 0001'));
    expect(known).toContain('Insert outbox_messages');
    expect(unknown).toEqual(known);
  });

  it('POST /auth/resendOtp', async () => {
    await requestLoginCode(auth, 'sales@demo.test');
    const known = await stepsOf(() => resendCode(auth, 'sales@demo.test'));
    const unknown = await stepsOf(() => resendCode(auth, 'ghost@demo.test'));
    expect(known).toEqual([
      'Select otp_codes',
      'Select retailer_requests',
      'counter hit otp-send',
      'Select users',
      // The e-mail sender of the installation's distributor (Settings), read on both paths.
      'Select distributors',
      'Select settings',
      'Select distributors',
      'Insert otp_codes',
      'Insert outbox_messages',
      'argon2 hash ×0',
      'argon2 verify ×0',
      'code HMAC (new) ×1',
      'code check ×0',
    ]);
    expect(unknown).toEqual(known);
  });

  it('POST /auth/verify (wrong code vs unknown address)', async () => {
    const client = { ip: '10.9.9.8', userAgent: null, deviceType: null, deviceName: null, deviceId: null };
    const known = await stepsOf(() => verifyLoginCode(auth, client, { email_phone: 'sales@demo.test', otp: '000000' }));
    const unknown = await stepsOf(() => verifyLoginCode(auth, client, { email_phone: 'ghost@demo.test', otp: '000000' }));
    expect(known).toEqual([
      'Select users',
      'counter hit auth-code',
      'counter hit auth-code',
      'Select otp_codes',
      'argon2 hash ×0',
      'argon2 verify ×0',
      'code HMAC (new) ×0',
      'code check ×1',
    ]);
    expect(unknown).toEqual(known);
  });

  it('POST /auth/loginWithPassword (wrong password vs unknown address)', async () => {
    const client = { ip: '10.9.9.9', userAgent: null, deviceType: null, deviceName: null, deviceId: null };
    const known = await stepsOf(() => passwordLogin(auth, client, { email_phone: 'admin@demo.test', password: 'Wrong-pass-1' }));
    const unknown = await stepsOf(() =>
      passwordLogin(auth, client, { email_phone: 'ghost@demo.test', password: 'Wrong-pass-1' }),
    );
    expect(known).toEqual([
      'Select users',
      'counter hit auth-pw',
      'argon2 hash ×0',
      'argon2 verify ×1',
      'code HMAC (new) ×0',
      'code check ×0',
    ]);
    expect(unknown).toEqual(known);
  });

  it('POST /auth/signup hashes the password whether or not the address has an account', async () => {
    const form = { storeName: 'Leo Corner', ownerName: 'Leo', password: 'Sign-up@123' };
    const taken = await stepsOf(() => signup(auth, { ...form, email: 'retailer@demo.test', phone: '916 555 7711' }));
    const free = await stepsOf(() => signup(auth, { ...form, email: 'leo@corner.test', phone: '916 555 7712' }));
    expect(taken).toContain('argon2 hash ×1');
    expect(free).toContain('argon2 hash ×1');
  });
});
