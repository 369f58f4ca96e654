// Builds the real app on a fresh, migrated database for one test file:
// SQLite in a temporary folder by default, or a fresh PostgreSQL schema when TEST_DB=postgres.
import { brotliDecompressSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDb, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const usePostgres = process.env.TEST_DB === 'postgres';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  let dropSchema: (() => Promise<void>) | undefined;
  let database: Config['database'] = { kind: 'sqlite', file: path.join(dataDir, 'test.sqlite') };

  if (usePostgres) {
    const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    database = { kind: 'postgres', url: TEST_PG_URL, schema };
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`drop schema "${schema}" cascade`);
      await c.end();
    };
  }

  const config = loadConfig(
    { APP_MODE: 'test', DATA_DIR: dataDir, JWT_SECRET: 'test-only-jwt-key-0123456789-abcdefghijklmnop' },
    {
      database,
      webDist: path.join(dataDir, 'no-web'),
      trustProxy: ['127.0.0.1'], // tests play the proxy (inject() comes from 127.0.0.1): x-forwarded-for sets the client address
      ...overrides,
    },
  );
  // The long reads run in their thread, as on the server (db/background-reads.ts).
  const db = createDb(config.database, { backgroundReads: true });
  await migrateToLatest(db, config.database.kind);
  const app = await buildApp({ config, db });
  await app.ready();

  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.destroy();
      if (dropSchema) await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** inject() with JSON parsing of the answer. */
export async function call(app: FastifyInstance, opts: InjectOptions & { token?: string }) {
  const headers = { ...(opts.headers ?? {}) } as Record<string, string>;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await app.inject({ ...opts, headers });
  let body: any;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res };
}

/**
 * POST /api/retailer/getInventory as a browser asks for it (brotli): the products of the decompressed
 * answer. Fails unless the answer came compressed.
 */
export async function compressedInventory(app: FastifyInstance, token: string, payload: object) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/retailer/getInventory',
    payload,
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
  });
  if (res.headers['content-encoding'] !== 'br') throw new Error(`Expected a brotli answer, got ${res.statusCode} ${res.body}`);
  const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as {
    data: { finalProductList: Record<string, unknown>[] };
  };
  return body.data.finalProductList;
}

/**
 * A signed-in token for a user, made directly (a session row and a JWT) so that module tests
 * do not depend on the sign-in endpoints. The auth module's own tests use the real endpoints.
 */
export async function tokenFor(ctx: TestContext, userId: string, device: { id?: string; name?: string } = {}): Promise<string> {
  const { newId } = await import('../src/platform/ids.ts');
  const { signToken } = await import('../src/platform/auth/tokens.ts');
  const { nowIso } = await import('../src/platform/clock.ts');
  const user = await ctx.db.selectFrom('users').select(['id', 'role']).where('id', '=', userId).executeTakeFirstOrThrow();
  const sessionId = newId();
  const at = nowIso(); // the test clock: sessions expire by it (platform/auth/actor.ts)
  await ctx.db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: user.id,
      device_type: 'web',
      device_name: device.name ?? 'test',
      device_id: device.id ?? sessionId,
      ip: '127.0.0.1',
      user_agent: 'vitest',
      current_customer_id: null,
      created_at: at,
      last_seen_at: at,
      revoked_at: null,
    })
    .execute();
  return signToken({ sessionId, userId: user.id, role: user.role }, ctx.config.jwtSecret);
}
