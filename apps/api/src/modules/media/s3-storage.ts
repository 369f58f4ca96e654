// Media in an S3-compatible bucket (AWS S3, MinIO, R2, …; s3rver in the tests). Objects carry their
// content type and the same immutable Cache-Control the app serves them with, so a CDN in front of the
// bucket behaves like the app.
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaConfig } from '../../config.ts';
import { MEDIA_CACHE_CONTROL, type MediaStorage } from './media-storage.ts';

function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}

export function createS3Storage(config: Extract<MediaConfig, { kind: 's3' }>): MediaStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: the SDK's newer default (a CRC trailer on every upload)
    // is refused by several S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const Key = (key: string) => `${config.prefix}${key}`;

  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: Key(key), Body: body, ContentType: contentType, CacheControl: MEDIA_CACHE_CONTROL }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        if (!answer.Body) return null;
        return {
          body: answer.Body as Readable, // in Node the SDK's body is the response stream
          contentType: answer.ContentType ?? 'application/octet-stream',
          bytes: answer.ContentLength ?? 0,
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
  };
}
