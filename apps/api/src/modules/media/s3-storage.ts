// Media in an S3-compatible bucket (AWS S3, MinIO, R2, …; s3rver in the tests). Objects carry their
// content type and the same immutable Cache-Control the app serves them with, so a CDN in front of the
// bucket behaves like the app.
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { MediaConfig } from '../../config.ts';
import { MEDIA_CACHE_CONTROL, type MediaStorage } from './media-storage.ts';

// The SDK is loaded on the first use of the bucket, not at start-up (it is a large module tree).
type Sdk = typeof S3;

function isMissing(sdk: Sdk, err: unknown): boolean {
  return (
    err instanceof sdk.S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}

export function createS3Storage(config: Extract<MediaConfig, { kind: 's3' }>): MediaStorage {
  const connect = async () => {
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where S3 requires them: the SDK's newer default (a CRC trailer on every upload)
      // is refused by several S3-compatible servers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { sdk, client };
  };
  let connected: ReturnType<typeof connect> | undefined;
  const s3 = () => (connected ??= connect());
  const Bucket = config.bucket;
  const Key = (key: string) => `${config.prefix}${key}`;

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: Key(key),
          Body: body,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },
    async get(key, range) {
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: Key(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!answer.Body) return null;
        return {
          body: answer.Body as Readable, // in Node the SDK's body is the response stream
          contentType: answer.ContentType ?? 'application/octet-stream',
          bytes: answer.ContentLength ?? 0,
        };
      } catch (err) {
        if (isMissing(sdk, err)) return null;
        throw err;
      }
    },
    async head(key) {
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: Key(key) }));
        return { contentType: answer.ContentType ?? 'application/octet-stream', bytes: answer.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(sdk, err)) return null;
        throw err;
      }
    },
    async has(key) {
      const { sdk, client } = await s3();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: Key(key) }));
        return true;
      } catch (err) {
        if (isMissing(sdk, err)) return false;
        throw err;
      }
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
  };
}
