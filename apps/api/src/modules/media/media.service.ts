// Uploaded media: checking an image by its bytes, storing it and its thumbnail under content-derived
// keys, reading it back for serving, and telling other modules whether a URL is one of ours.
//   saveImage          the office's upload (media.routes.ts): JPEG, PNG, WebP or GIF up to 5 MB
//   readMedia          GET /media/:key
//   isOwnMediaUrl      a URL's shape is /media/<key> (products validate image URLs with it)
//   ownMediaUrlExists  ... and the object is in storage
import { createHash } from 'node:crypto';
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_MAX_BYTES,
  MEDIA_KEY_RE,
  MEDIA_MESSAGES,
  MEDIA_PATH,
  THUMBNAIL_WIDTH,
  mediaKeyOfUrl,
  type ImageContentType,
  type UploadedImage,
} from '@portal/shared/media/media.schemas';
import type { Config } from '../../config.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { createDiskStorage } from './disk-storage.ts';
import type { MediaStorage, StoredMedia } from './media-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/**
 * Decoding needs about 4 bytes a pixel: a 5 MB file can still declare a 16k × 16k image (a PNG of one
 * colour compresses that far), so the pixel count is bounded too (40 megapixels: 8000 × 5000).
 */
const MAX_IMAGE_PIXELS = 40_000_000;

const EXTENSION: Record<ImageContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
/** sharp's name for the format each accepted type must decode as. */
const SHARP_FORMAT: Record<ImageContentType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

// One storage (and one S3 client with its connection pool) per loaded config.
const storages = new WeakMap<Config['media'], MediaStorage>();

export function mediaStorage(config: Pick<Config, 'media'>): MediaStorage {
  let storage = storages.get(config.media);
  if (!storage) {
    storage = config.media.kind === 's3' ? createS3Storage(config.media) : createDiskStorage(config.media.dir);
    storages.set(config.media, storage);
  }
  return storage;
}

const notAnImage = () => new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.notAnImage);

function isAccepted(mime: string | undefined): mime is ImageContentType {
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(mime ?? '');
}

/**
 * Checks the bytes (never the file name or the declared type), decodes the whole image (a truncated or
 * corrupt file fails here, not in a retailer's browser), then stores the original as sent and a WebP
 * thumbnail THUMBNAIL_WIDTH wide. Saving the same bytes twice gives the same URLs.
 */
export async function saveImage(config: Pick<Config, 'media'>, bytes: Buffer): Promise<UploadedImage> {
  if (bytes.length === 0) throw badRequest(MEDIA_MESSAGES.noFile);
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.tooLarge);
  // Loaded on the first upload, not at start-up.
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([import('file-type'), import('sharp')]);
  const sniffed = await fileTypeFromBuffer(bytes);
  const contentType = sniffed?.mime;
  if (!isAccepted(contentType)) throw notAnImage();

  const damaged = () => badRequest(MEDIA_MESSAGES.damaged);
  // sharp's default failOn ('warning') refuses truncated and corrupt data; only the first frame is read.
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, animated: false } as const;
  const metadata = await sharp(bytes, options)
    .metadata()
    .catch(() => null);
  if (!metadata) throw damaged();
  if (metadata.format !== SHARP_FORMAT[contentType]) throw notAnImage();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_IMAGE_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The image must be 40 megapixels or smaller');
  }
  const thumbnail = await sharp(bytes, options)
    .autoOrient()
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer()
    .catch(() => null);
  if (!thumbnail) throw damaged();

  const hash = createHash('sha256').update(bytes).digest('hex');
  const key = `${hash}.${EXTENSION[contentType]}`;
  const thumbnailKey = `${hash}-thumb.webp`;
  const storage = mediaStorage(config);
  // The thumbnail first: once the original is stored, both are.
  await storage.put(thumbnailKey, thumbnail, 'image/webp');
  await storage.put(key, bytes, contentType);
  // As displayed: a photo taken on its side reports the width and height it is shown with.
  const shown = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
  return {
    url: `${MEDIA_PATH}${key}`,
    thumbnailUrl: `${MEDIA_PATH}${thumbnailKey}`,
    width: shown.width ?? 0,
    height: shown.height ?? 0,
    contentType,
    bytes: bytes.length,
  };
}

/** The stored object under a key from a URL, or null (an unknown or malformed key alike). */
export async function readMedia(config: Pick<Config, 'media'>, key: string): Promise<StoredMedia | null> {
  if (!MEDIA_KEY_RE.test(key)) return null;
  return mediaStorage(config).get(key);
}

/**
 * Whether a URL is one this portal serves uploaded media under (`/media/<key>`, relative, as the
 * upload answers it). Shape only, no I/O: see ownMediaUrlExists for the stored object.
 */
export function isOwnMediaUrl(url: string): boolean {
  return mediaKeyOfUrl(url) !== null;
}

/** Whether the URL is one of ours and its object is in storage (an upload that really happened). */
export async function ownMediaUrlExists(config: Pick<Config, 'media'>, url: string): Promise<boolean> {
  const key = mediaKeyOfUrl(url);
  return key !== null && (await mediaStorage(config).has(key));
}
