// Environment → typed configuration, read and validated once at start-up.
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
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
  TRUST_PROXY: z.string().default('false'),
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(3650).default(30),
  SESSION_MAX_DAYS: z.coerce.number().positive().max(3650).default(90),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST: z.string().optional(),
  MEDIA_S3_BUCKET: z.string().optional(),
  MEDIA_S3_ENDPOINT: z.url().optional(),
  MEDIA_S3_REGION: z.string().optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().optional(),
  MEDIA_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  MEDIA_S3_PREFIX: z.string().optional(),
  VAPID_PUBLIC_KEY: z.string().trim().optional(),
  VAPID_PRIVATE_KEY: z.string().trim().optional(),
  VAPID_SUBJECT: z.string().trim().optional(),
  CLOCK_AT: z.iso.datetime({ offset: true }).optional(),
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
  /**
   * Fastify's trustProxy: false (the socket address is the client), the proxies' addresses/CIDRs, or,
   * for a hop count, the function Fastify makes of one (trust the nearest N hops; Fastify's types
   * lack the number form). Never true (see parseTrustProxy).
   */
  trustProxy: false | string[] | TrustHops;
  /** Sessions end after idleDays without a request, and maxDays after sign-in (platform/auth/actor.ts). */
  session: { idleDays: number; maxDays: number };
  webDist: string;
  /** Where uploaded media (product images, thumbnails) are kept: see modules/media/ and docs/operations.md. */
  media: MediaConfig;
  /** Web Push (modules/push, docs/push.md): the VAPID key pair and contact, or null when push is off. */
  push: PushConfig | null;
  /** Test mode only (CLOCK_AT): the instant the portal's clock starts at, so a browser journey runs on a chosen day. */
  clockAt?: string;
}

export interface PushConfig {
  /** base64url of the uncompressed P-256 public key (65 bytes): the browser subscribes with it. */
  publicKey: string;
  /** base64url of the 32-byte private key: signs each push's VAPID token. */
  privateKey: string;
  /** mailto: or https: contact the push services may use. */
  subject: string;
}

export type MediaConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible server (MinIO, R2, s3rver in tests); AWS itself when absent. */
      endpoint?: string;
      /** Both or neither: without them the SDK's own chain (instance role, AWS_* variables) is used. */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      forcePathStyle: boolean;
      /** Prepended to every object key, so one bucket can hold several portals. */
      prefix: string;
    };

export class ConfigError extends Error {}

/**
 * Whether HOST only accepts connections from this machine (127.0.0.0/8, ::1, localhost). The demo
 * outbox, which shows every one-time code, exists only then (modules/dev/dev.routes.ts).
 */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** The start-up warning of a demo or test server that others can reach (null when there is none). */
export function exposedDemoWarning(config: Pick<Config, 'mode' | 'host'>): string | null {
  if (config.mode === 'production' || isLoopbackHost(config.host)) return null;
  return `WARNING: ${config.mode} mode is listening on ${config.host}, not only on this machine: the demo accounts have known passwords (Demo@12345), so anyone who can reach this server can sign in as them. /api/dev/outbox is off. Use HOST=127.0.0.1, or APP_MODE=production with your own accounts.`;
}

/** Trusts the nearest `hops` proxies, as Fastify's numeric trustProxy does. */
export type TrustHops = ((address: string, hop: number) => boolean) & { hops: number };

function trustHops(hops: number): TrustHops {
  return Object.assign((_address: string, hop: number) => hop < hops, { hops });
}

/** A secret is strong when it is long, not a well-known placeholder and not made of one repeated character. */
export function isStrongSecret(secret: string): boolean {
  if (secret.length < 32) return false;
  const lower = secret.toLowerCase();
  if (DEFAULT_SECRET_MARKERS.some((m) => lower.includes(m))) return false;
  return new Set(secret).size >= 10;
}

const TRUST_PROXY_TRUE =
  'Invalid environment variable TRUST_PROXY: true would trust an X-Forwarded-For written by any client, so every call could claim a new IP and dodge the per-IP limits; set the number of proxies in front (e.g. 1) or their addresses';

/** TRUST_PROXY: false, a hop count, or a comma-separated list of proxy addresses or CIDRs. */
export function parseTrustProxy(value: string): Config['trustProxy'] {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') throw new ConfigError(TRUST_PROXY_TRUE);
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new ConfigError('Invalid environment variable TRUST_PROXY: a hop count is at most 10');
    return trustHops(hops);
  }
  const list = v.split(',').map((p) => p.trim());
  for (const entry of list) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!family || !validBits || extra !== undefined) {
      throw new ConfigError(
        `Invalid environment variable TRUST_PROXY: "${entry.slice(0, 60)}" is not an IP address or CIDR (use false, a hop count, or a comma-separated list)`,
      );
    }
  }
  return list;
}

/** Keys that ship in examples and test servers: a production server must not sign with them. */
const PLACEHOLDER_S3_KEYS = ['S3RVER', 'minioadmin', 'AKIAIOSFODNN7EXAMPLE', 'change-me', 'changeme', 'test'];

/**
 * MEDIA_S3_* → the media storage: disk under DATA_DIR/uploads/media unless MEDIA_S3_BUCKET is set.
 * A half-configured bucket is refused in every mode (it would fall back to disk silently, and each
 * instance would then keep its own images); production also refuses example keys and credentials
 * sent in clear to a remote endpoint.
 */
export function parseMediaConfig(env: z.infer<typeof envSchema>, uploadsDir: string): MediaConfig {
  const bad = (message: string) => new ConfigError(`Invalid environment variable ${message}`);
  const bucket = env.MEDIA_S3_BUCKET?.trim();
  const others = (
    [
      'MEDIA_S3_ENDPOINT',
      'MEDIA_S3_REGION',
      'MEDIA_S3_ACCESS_KEY_ID',
      'MEDIA_S3_SECRET_ACCESS_KEY',
      'MEDIA_S3_FORCE_PATH_STYLE',
      'MEDIA_S3_PREFIX',
    ] as const
  ).filter((name) => env[name] !== undefined);
  if (!bucket) {
    if (others.length) throw bad(`MEDIA_S3_BUCKET: ${others.join(', ')} is set but MEDIA_S3_BUCKET is not`);
    return { kind: 'disk', dir: path.join(uploadsDir, 'media') };
  }
  // S3's bucket naming rules: what a typo or a pasted URL breaks.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
    throw bad('MEDIA_S3_BUCKET: a bucket name is 3-63 lower-case letters, digits, dots and hyphens');
  }
  const keyId = env.MEDIA_S3_ACCESS_KEY_ID?.trim();
  const secret = env.MEDIA_S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(keyId) !== Boolean(secret)) {
    throw bad('MEDIA_S3_ACCESS_KEY_ID: set both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or neither');
  }
  const endpoint = env.MEDIA_S3_ENDPOINT;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw bad('MEDIA_S3_ENDPOINT: must start with http:// or https://');
  if (env.APP_MODE === 'production') {
    if (
      keyId &&
      PLACEHOLDER_S3_KEYS.some((k) => keyId.toLowerCase() === k.toLowerCase() || secret!.toLowerCase() === k.toLowerCase())
    ) {
      throw bad('MEDIA_S3_ACCESS_KEY_ID: production mode refuses example keys (S3RVER, minioadmin, …)');
    }
    if (endpoint?.startsWith('http://') && !isLoopbackHost(new URL(endpoint).hostname)) {
      throw bad('MEDIA_S3_ENDPOINT: production mode sends keys only over https:// (or to this machine)');
    }
  }
  const prefix = (env.MEDIA_S3_PREFIX ?? '').trim().replace(/^\/+/, '');
  if (prefix && (!/^[A-Za-z0-9._/-]{1,200}$/.test(prefix) || prefix.split('/').some((p) => p === '.' || p === '..'))) {
    throw bad('MEDIA_S3_PREFIX: letters, digits, dots, hyphens, underscores and slashes only, no . or .. segments');
  }
  return {
    kind: 's3',
    bucket,
    region: env.MEDIA_S3_REGION?.trim() || 'us-east-1',
    endpoint,
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
    // Path-style addressing (endpoint/bucket/key) is what self-hosted S3-compatible servers expect.
    forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE ? env.MEDIA_S3_FORCE_PATH_STYLE === 'true' : Boolean(endpoint),
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
  };
}

const DEMO_VAPID_FILE = 'vapid-keys.json';
const DEMO_VAPID_SUBJECT = 'mailto:admin@demo.test';

/** A new VAPID key pair (P-256), both halves base64url as browsers and web-push expect. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/** Demo and test mode: the pair generated once and kept in DATA_DIR, so browsers' subscriptions survive restarts. */
function demoVapidKeys(dataDir: string): { publicKey: string; privateKey: string } | null {
  const file = path.join(dataDir, DEMO_VAPID_FILE);
  if (!existsSync(file)) return null;
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') {
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    }
  } catch {
    // unreadable: made again below
  }
  return null;
}

function vapidPairProblem(publicKey: string, privateKey: string): string | null {
  const pub = Buffer.from(publicKey, 'base64url');
  const priv = Buffer.from(privateKey, 'base64url');
  if (pub.length !== 65 || pub[0] !== 4) return 'VAPID_PUBLIC_KEY: must be the base64url of a 65-byte P-256 public key';
  if (priv.length !== 32) return 'VAPID_PRIVATE_KEY: must be the base64url of a 32-byte P-256 private key';
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(priv);
    if (!ecdh.getPublicKey().equals(pub)) return 'VAPID_PUBLIC_KEY: is not the public half of VAPID_PRIVATE_KEY';
  } catch {
    return 'VAPID_PRIVATE_KEY: is not a valid P-256 private key';
  }
  return null;
}

/**
 * VAPID_* → the push configuration. Production: the three variables, or none (push off); never the keys a
 * demo run generated in DATA_DIR. Demo and test: the variables when set, else a pair generated once in DATA_DIR.
 */
export function parsePushConfig(env: z.infer<typeof envSchema>, dataDir: string): PushConfig | null {
  const bad = (message: string) => new ConfigError(`Invalid environment variable ${message}`);
  const publicKey = env.VAPID_PUBLIC_KEY || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY || undefined;
  const subject = env.VAPID_SUBJECT || undefined;
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    throw bad('VAPID_PUBLIC_KEY: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  }
  if (subject !== undefined && !/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/]+\S*)$/.test(subject)) {
    throw bad('VAPID_SUBJECT: must be a mailto: address or an https:// URL');
  }
  if (publicKey && privateKey) {
    const problem = vapidPairProblem(publicKey, privateKey);
    if (problem) throw bad(problem);
  }
  if (env.APP_MODE === 'production') {
    if (!publicKey || !privateKey) {
      if (subject) throw bad('VAPID_PUBLIC_KEY: VAPID_SUBJECT is set but the keys are not');
      return null;
    }
    if (!subject) throw bad('VAPID_SUBJECT: production mode needs a contact (mailto: or https://) with the VAPID keys');
    if (demoVapidKeys(dataDir)?.privateKey === privateKey) {
      throw bad('VAPID_PRIVATE_KEY: production mode refuses the keys a demo run generated; generate a pair of your own');
    }
    return { publicKey, privateKey, subject };
  }
  if (publicKey && privateKey) return { publicKey, privateKey, subject: subject ?? DEMO_VAPID_SUBJECT };
  let keys = demoVapidKeys(dataDir);
  if (!keys || vapidPairProblem(keys.publicKey, keys.privateKey)) {
    keys = generateVapidKeys();
    writeFileSync(path.join(dataDir, DEMO_VAPID_FILE), JSON.stringify(keys), { mode: 0o600 });
  }
  return { ...keys, subject: subject ?? DEMO_VAPID_SUBJECT };
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

  if (e.CLOCK_AT && e.APP_MODE !== 'test') {
    throw new ConfigError('Invalid environment variable CLOCK_AT: only test mode (APP_MODE=test) may move the clock');
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
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    session: { idleDays: e.SESSION_IDLE_DAYS, maxDays: e.SESSION_MAX_DAYS },
    logLevel: e.LOG_LEVEL ?? (e.APP_MODE === 'test' ? 'silent' : 'info'),
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    media: parseMediaConfig(e, uploadsDir),
    push: parsePushConfig(e, dataDir),
    ...(e.CLOCK_AT ? { clockAt: e.CLOCK_AT } : {}),
    ...overrides,
  };
}
