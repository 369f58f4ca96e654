import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStrongSecret, loadConfig } from './config.ts';

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

  it('judges secrets', () => {
    expect(isStrongSecret('short')).toBe(false);
    expect(isStrongSecret('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).toBe(false);
    expect(isStrongSecret('q8Vf2LmZ0rT7kP4nWc9Xy1Hs6Bd3Ju5E')).toBe(true);
  });
});
