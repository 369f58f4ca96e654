// Environment → typed configuration, read and validated once at start-up.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const DEFAULT_SECRET_MARKERS = ['change-me', 'secret', 'changeme', 'default', 'demo'];

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => v.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(v), 'must start with sqlite: or postgres://')
    .optional(),
  JWT_SECRET: z.string().optional(),
  APP_MODE: z.enum(['demo', 'test', 'production']).default('demo'),
  SMTP_URL: z.url().optional(),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), 'must start with redis://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST: z.string().optional(),
});

export type AppMode = 'demo' | 'test' | 'production';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
  jwtSecret: string;
  mode: AppMode;
  smtpUrl?: string;
  redisUrl?: string;
  /** Prefix of every Redis key this app writes (tests use a unique one). */
  redisKeyPrefix?: string;
  publicUrl: string;
  logLevel: string;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  webDist: string;
}

export class ConfigError extends Error {}

/** A secret is strong when it is long, not a well-known placeholder and not made of one repeated character. */
export function isStrongSecret(secret: string): boolean {
  if (secret.length < 32) return false;
  const lower = secret.toLowerCase();
  if (DEFAULT_SECRET_MARKERS.some((m) => lower.includes(m))) return false;
  return new Set(secret).size >= 10;
}

function demoSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret.txt');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const uploadsDir = path.join(dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });

  const url = e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'portal.sqlite')}`;
  const database: Config['database'] = url.startsWith('sqlite:')
    ? { kind: 'sqlite', file: url.slice('sqlite:'.length) }
    : { kind: 'postgres', url };

  let jwtSecret = e.JWT_SECRET;
  if (e.APP_MODE === 'production') {
    if (!jwtSecret || !isStrongSecret(jwtSecret)) {
      throw new ConfigError(
        'Invalid environment variable JWT_SECRET: production mode needs a strong secret (at least 32 random characters)',
      );
    }
  } else if (!jwtSecret) {
    jwtSecret = demoSecret(dataDir);
  }

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir,
    database,
    jwtSecret,
    mode: e.APP_MODE,
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    logLevel: e.LOG_LEVEL ?? (e.APP_MODE === 'test' ? 'silent' : 'info'),
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    ...overrides,
  };
}
