// MEDIA_S3_* → the media storage config: disk by default, S3 when a bucket is named, and the broken
// configurations refused at start-up with the variable's name (example keys and clear-text remote
// endpoints only in production).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const made: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-media-config-'));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const PROD = { APP_MODE: 'production', JWT_SECRET: 'k7Qz9vXw2LpR4tYb8NcD1fGh5JmS3aEu6' };

describe('media storage configuration', () => {
  it('keeps media on disk under DATA_DIR/uploads/media by default', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).media).toEqual({ kind: 'disk', dir: path.join(dir, 'uploads', 'media') });
  });

  it('uses an S3-compatible bucket when MEDIA_S3_BUCKET is set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      MEDIA_S3_BUCKET: 'portal-media',
      MEDIA_S3_ENDPOINT: 'https://s3.example.test',
      MEDIA_S3_ACCESS_KEY_ID: 'AKIA0000REALKEY',
      MEDIA_S3_SECRET_ACCESS_KEY: 'a-long-secret-value',
      MEDIA_S3_PREFIX: 'tenant-1',
    });
    expect(config.media).toEqual({
      kind: 's3',
      bucket: 'portal-media',
      region: 'us-east-1',
      endpoint: 'https://s3.example.test',
      credentials: { accessKeyId: 'AKIA0000REALKEY', secretAccessKey: 'a-long-secret-value' },
      forcePathStyle: true,
      prefix: 'tenant-1/',
    });
    // AWS itself: virtual-hosted addressing and the SDK's own credential chain.
    const aws = loadConfig({ DATA_DIR: dataDir(), MEDIA_S3_BUCKET: 'portal-media', MEDIA_S3_REGION: 'eu-west-1' });
    expect(aws.media).toMatchObject({
      kind: 's3',
      region: 'eu-west-1',
      forcePathStyle: false,
      credentials: undefined,
      prefix: '',
    });
  });

  it.each([
    [{ MEDIA_S3_ENDPOINT: 'https://s3.example.test' }, 'MEDIA_S3_BUCKET: MEDIA_S3_ENDPOINT is set but MEDIA_S3_BUCKET is not'],
    [{ MEDIA_S3_BUCKET: 'Portal_Media' }, 'MEDIA_S3_BUCKET: a bucket name is 3-63 lower-case letters'],
    [{ MEDIA_S3_BUCKET: 'https://bucket' }, 'MEDIA_S3_BUCKET: a bucket name'],
    [
      { MEDIA_S3_BUCKET: 'portal-media', MEDIA_S3_ACCESS_KEY_ID: 'AKIA0000REALKEY' },
      'MEDIA_S3_ACCESS_KEY_ID: set both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or neither',
    ],
    [{ MEDIA_S3_BUCKET: 'portal-media', MEDIA_S3_ENDPOINT: 'ftp://files' }, 'MEDIA_S3_ENDPOINT'],
    [{ MEDIA_S3_BUCKET: 'portal-media', MEDIA_S3_PREFIX: '../up' }, 'MEDIA_S3_PREFIX'],
  ])('refuses a broken configuration in every mode: %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(`Invalid environment variable ${message}`);
  });

  it('production refuses example keys and keys sent in clear to another machine', () => {
    const bucket = { MEDIA_S3_BUCKET: 'portal-media' };
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        ...PROD,
        ...bucket,
        MEDIA_S3_ENDPOINT: 'https://minio.internal',
        MEDIA_S3_ACCESS_KEY_ID: 'minioadmin',
        MEDIA_S3_SECRET_ACCESS_KEY: 'minioadmin',
      }),
    ).toThrow('Invalid environment variable MEDIA_S3_ACCESS_KEY_ID: production mode refuses example keys');
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        ...PROD,
        ...bucket,
        MEDIA_S3_ENDPOINT: 'http://minio.internal:9000',
        MEDIA_S3_ACCESS_KEY_ID: 'AKIA0000REALKEY',
        MEDIA_S3_SECRET_ACCESS_KEY: 'a-long-secret-value',
      }),
    ).toThrow('Invalid environment variable MEDIA_S3_ENDPOINT: production mode sends keys only over https://');
    // The same settings are fine outside production, and plain http to this machine is fine everywhere.
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        ...bucket,
        MEDIA_S3_ENDPOINT: 'http://minio.internal:9000',
        MEDIA_S3_ACCESS_KEY_ID: 'minioadmin',
        MEDIA_S3_SECRET_ACCESS_KEY: 'minioadmin',
      }).media.kind,
    ).toBe('s3');
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        ...PROD,
        ...bucket,
        MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000',
        MEDIA_S3_ACCESS_KEY_ID: 'AKIA0000REALKEY',
        MEDIA_S3_SECRET_ACCESS_KEY: 'a-long-secret-value',
      }).media.kind,
    ).toBe('s3');
  });
});
