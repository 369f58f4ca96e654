import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exposedDemoWarning, isLoopbackHost, isStrongSecret, loadConfig, type TrustHops } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'portal-config-'));

describe('configuration', () => {
  it('defaults to SQLite in the data folder, port 3000, demo mode', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.mode).toBe('demo');
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(dir, 'portal.sqlite') });
  });

  it('selects PostgreSQL from a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@127.0.0.1:5432/portal' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/portal' });
  });

  it('demo mode generates a secret once and keeps it in the data folder', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret.txt'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('production mode refuses to start without a strong JWT_SECRET', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), APP_MODE: 'production' })).toThrow(/JWT_SECRET/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), APP_MODE: 'production', JWT_SECRET: 'change-me-change-me-change-me-change-me' }),
    ).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), APP_MODE: 'production', JWT_SECRET: 'x'.repeat(64) })).toThrow(/JWT_SECRET/);
    const strong = 'q8Vf2LmZ0rT7kP4nWc9Xy1Hs6Bd3Ju5E';
    expect(loadConfig({ DATA_DIR: dataDir(), APP_MODE: 'production', JWT_SECRET: strong }).jwtSecret).toBe(strong);
  });

  it('a bad value stops start-up with one line naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://x' })).toThrow(
      /^Invalid environment variable DATABASE_URL: /,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), APP_MODE: 'staging' })).toThrow(/^Invalid environment variable APP_MODE: /);
  });

  it('CLOCK_AT sets the starting instant in test mode only', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), APP_MODE: 'test', CLOCK_AT: '2030-03-05T17:00:00.000Z' }).clockAt).toBe(
      '2030-03-05T17:00:00.000Z',
    );
    expect(loadConfig({ DATA_DIR: dataDir(), APP_MODE: 'test' }).clockAt).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir(), CLOCK_AT: '2030-03-05T17:00:00.000Z' })).toThrow(
      'Invalid environment variable CLOCK_AT: only test mode (APP_MODE=test) may move the clock',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), APP_MODE: 'test', CLOCK_AT: 'next tuesday' })).toThrow(
      /^Invalid environment variable CLOCK_AT: /,
    );
  });

  it('judges secrets', () => {
    expect(isStrongSecret('short')).toBe(false);
    expect(isStrongSecret('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).toBe(false);
    expect(isStrongSecret('q8Vf2LmZ0rT7kP4nWc9Xy1Hs6Bd3Ju5E')).toBe(true);
  });

  it('TRUST_PROXY: false by default, a hop count, or a list of proxy addresses and CIDRs', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '0' }).trustProxy).toBe(false);
    const hops = loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy as TrustHops;
    expect(hops.hops).toBe(1);
    expect(hops('10.0.0.1', 0)).toBe(true); // the proxy in front
    expect(hops('203.0.113.9', 1)).toBe(false); // whatever the client wrote further back
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
  });

  it('TRUST_PROXY=true, or a value that is no address, stops start-up with one line saying why', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' })).toThrow(
      'Invalid environment variable TRUST_PROXY: true would trust an X-Forwarded-For written by any client, so every call could claim a new IP and dodge the per-IP limits; set the number of proxies in front (e.g. 1) or their addresses',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'proxy.example' })).toThrow(
      /^Invalid environment variable TRUST_PROXY: "proxy.example" is not an IP address or CIDR/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      /^Invalid environment variable TRUST_PROXY/,
    );
  });

  it('session lifetimes default to 30 days idle and 90 days absolute, and are configurable', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).session).toEqual({ idleDays: 30, maxDays: 90 });
    expect(loadConfig({ DATA_DIR: dataDir(), SESSION_IDLE_DAYS: '7', SESSION_MAX_DAYS: '30' }).session).toEqual({
      idleDays: 7,
      maxDays: 30,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), SESSION_IDLE_DAYS: '0' })).toThrow(
      /^Invalid environment variable SESSION_IDLE_DAYS/,
    );
  });

  it('a demo or test server on a non-loopback HOST is warned about; production and loopback are not', () => {
    expect(exposedDemoWarning({ mode: 'demo', host: '0.0.0.0' })).toBe(
      'WARNING: demo mode is listening on 0.0.0.0, not only on this machine: the demo accounts have known passwords (Demo@12345), so anyone who can reach this server can sign in as them. /api/dev/outbox is off. Use HOST=127.0.0.1, or APP_MODE=production with your own accounts.',
    );
    expect(exposedDemoWarning({ mode: 'test', host: '192.168.1.10' })).toMatch(
      /^WARNING: test mode is listening on 192\.168\.1\.10/,
    );
    expect(exposedDemoWarning({ mode: 'demo', host: '127.0.0.1' })).toBeNull();
    expect(exposedDemoWarning({ mode: 'production', host: '0.0.0.0' })).toBeNull();
  });

  it('knows loopback hosts (where the demo outbox may exist)', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host)).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com', '128.0.0.1', '']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });
});
