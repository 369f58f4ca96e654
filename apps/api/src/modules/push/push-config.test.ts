// VAPID configuration (config.ts parsePushConfig): generated once in DATA_DIR in demo and test mode,
// from VAPID_* in production (or push off), never a demo run's keys in production, and a clear line for
// each mistake.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateVapidKeys, loadConfig } from '../../config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'portal-vapid-'));
const STRONG = 'q8Vf2LmZ0rT7kP4nWc9Xy1Hs6Bd3Ju5E';

describe('VAPID configuration', () => {
  it('demo mode generates a key pair once and keeps it in the data folder', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).push!;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(first.subject).toBe('mailto:admin@demo.test');
    expect(JSON.parse(readFileSync(path.join(dir, 'vapid-keys.json'), 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect(loadConfig({ DATA_DIR: dir }).push).toEqual(first);
  });

  it('production takes the three variables, or none (push off)', () => {
    const keys = generateVapidKeys();
    const env = { DATA_DIR: dataDir(), APP_MODE: 'production', JWT_SECRET: STRONG };
    expect(loadConfig(env).push).toBeNull();
    expect(
      loadConfig({
        ...env,
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
      }).push,
    ).toEqual({ ...keys, subject: 'mailto:ops@example.com' });
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      'Invalid environment variable VAPID_SUBJECT: production mode needs a contact (mailto: or https://) with the VAPID keys',
    );
  });

  it('production refuses the keys a demo run generated in the data folder', () => {
    const dir = dataDir();
    const demo = loadConfig({ DATA_DIR: dir }).push!;
    expect(() =>
      loadConfig({
        DATA_DIR: dir,
        APP_MODE: 'production',
        JWT_SECRET: STRONG,
        VAPID_PUBLIC_KEY: demo.publicKey,
        VAPID_PRIVATE_KEY: demo.privateKey,
        VAPID_SUBJECT: 'https://portal.example.com',
      }),
    ).toThrow(/VAPID_PRIVATE_KEY: production mode refuses the keys a demo run generated/);
  });

  it('a half-set, malformed or mismatched pair stops start-up with one line', () => {
    const a = generateVapidKeys();
    const b = generateVapidKeys();
    const dir = dataDir();
    expect(() => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: a.publicKey })).toThrow(
      'Invalid environment variable VAPID_PUBLIC_KEY: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    );
    expect(() => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: a.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: must be the base64url of a 65-byte P-256 public key/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: b.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: is not the public half of VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, VAPID_SUBJECT: 'ops@example.com' })).toThrow(
      /VAPID_SUBJECT: must be a mailto: address or an https:\/\/ URL/,
    );
  });
});
