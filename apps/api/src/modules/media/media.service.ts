// Uploaded media: checking an image by its bytes, storing it and its thumbnail under content-derived
// keys, reading it back for serving, and telling other modules whether a URL is one of ours.
//   saveImage          the office's upload (media.routes.ts): JPEG, PNG, WebP or GIF up to 5 MB
//   saveStoryMedia     a story's image or video (stories module): spec §5 names, sizes, and the bytes
//   readMediaRange     GET /media/:key (whole, or one byte range for video seeking)
//   isOwnMediaUrl      a URL's shape is /media/<key> (products validate image URLs with it)
//   ownMediaUrlExists  ... and the object is in storage
//   imageForPdf        an uploaded image (the distributor's logo) as a PNG that PDFKit draws, or null
//   savePrivateFile    a support ticket's attachment (image or PDF, by its bytes) under a private key,
//   readPrivateFile    never served under /media/: only its owner module's guarded routes read it back
//   acceptMultipartBodies, readForm, firstFilePart  reading another module's upload (multipart/form-data:
//                      one file and text fields)
import { createHash, randomUUID } from 'node:crypto';
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_MAX_BYTES,
  MEDIA_KEY_RE,
  MEDIA_MESSAGES,
  MEDIA_PATH,
  THUMBNAIL_WIDTH,
  VIDEO_KEY_RE,
  mediaKeyOfUrl,
  type ImageContentType,
  type UploadedImage,
} from '@portal/shared/media/media.schemas';
import type { FastifyRequest } from 'fastify';
import { STORY_MAX_BYTES, STORY_MESSAGES, storyMediaTypeOf, type StoryMediaType } from '@portal/shared/stories/stories.schemas';
import type { Config } from '../../config.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { createDiskStorage } from './disk-storage.ts';
import type { ByteRange, MediaStorage, StoredMedia } from './media-storage.ts';
import { firstFile, type FilePart } from './multipart-upload.ts';
import { createS3Storage } from './s3-storage.ts';

// The multipart reading the media upload uses, for other modules' upload routes (stories, support tickets).
export {
  acceptMultipartBodies,
  firstFilePart,
  readForm,
  type FilePart,
  type UploadForm,
  type UploadRule,
} from './multipart-upload.ts';
export type { StoredMedia } from './media-storage.ts';

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

/** A served key: an image or its thumbnail, or a story video. */
const isServedKey = (key: string) => MEDIA_KEY_RE.test(key) || VIDEO_KEY_RE.test(key);

export type RangedMedia =
  | { kind: 'whole'; media: StoredMedia }
  | { kind: 'part'; media: StoredMedia; range: ByteRange; total: number }
  | { kind: 'unsatisfiable'; total: number };

/**
 * One byte range of a served object (RFC 9110 §14: `bytes=a-b`, `bytes=a-`, `bytes=-n`), as a video
 * element asks when it seeks. A header that is not one single byte range is ignored (the whole object);
 * a range starting past the end is unsatisfiable (416). Null when there is no such object.
 */
export async function readMediaRange(config: Pick<Config, 'media'>, key: string, header: string): Promise<RangedMedia | null> {
  if (!isServedKey(key)) return null;
  const storage = mediaStorage(config);
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) {
    const media = await storage.get(key);
    return media ? { kind: 'whole', media } : null;
  }
  const info = await storage.head(key);
  if (!info) return null;
  const total = info.bytes;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // a suffix: the last n bytes
    const length = Number(match[2]);
    if (length === 0) return { kind: 'unsatisfiable', total };
    start = Math.max(0, total - length);
    end = total - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? total - 1 : Math.min(Number(match[2]), total - 1);
    if (end < start && start < total) {
      const media = await storage.get(key); // a range written backwards is ignored (RFC 9110 §14.1.1)
      return media ? { kind: 'whole', media } : null;
    }
  }
  if (start >= total) return { kind: 'unsatisfiable', total };
  const range = { start, end };
  const media = await storage.get(key, range);
  return media ? { kind: 'part', media, range, total } : null;
}

/** What the bytes of a story file are, as file-type names them, and the extension and type it is served as. */
const STORY_FORMATS: Record<string, { type: StoryMediaType; ext: string; contentType: string }> = {
  'image/jpeg': { type: 'image', ext: 'jpg', contentType: 'image/jpeg' },
  'image/png': { type: 'image', ext: 'png', contentType: 'image/png' },
  'image/gif': { type: 'image', ext: 'gif', contentType: 'image/gif' },
  'image/webp': { type: 'image', ext: 'webp', contentType: 'image/webp' },
  'video/mp4': { type: 'video', ext: 'mp4', contentType: 'video/mp4' },
  'video/x-m4v': { type: 'video', ext: 'mp4', contentType: 'video/mp4' },
  'video/quicktime': { type: 'video', ext: 'mov', contentType: 'video/quicktime' },
  'video/webm': { type: 'video', ext: 'webm', contentType: 'video/webm' },
  'video/vnd.avi': { type: 'video', ext: 'avi', contentType: 'video/x-msvideo' },
  'video/x-flv': { type: 'video', ext: 'flv', contentType: 'video/x-flv' },
  'video/x-ms-asf': { type: 'video', ext: 'wmv', contentType: 'video/x-ms-wmv' },
};

export interface SavedStoryMedia {
  url: string;
  contentType: string;
  bytes: number;
}

/**
 * A story's file (spec §5): the name's extension must be one of the media type's, the size 1 to
 * 5242880 bytes, and the bytes must really be a format of that type (a PNG renamed .mp4, or an SVG or
 * HTML page under any name, is refused); an image must also decode. Stored under its SHA-256 with the
 * extension of what the bytes are, so it is served with that content type and never as a page.
 */
export async function saveStoryMedia(
  config: Pick<Config, 'media'>,
  file: FilePart,
  mediaType: StoryMediaType,
): Promise<SavedStoryMedia> {
  const invalid = () =>
    badRequest(mediaType === 'image' ? STORY_MESSAGES.invalidImage : STORY_MESSAGES.invalidVideo, {
      media: mediaType === 'image' ? STORY_MESSAGES.invalidImage : STORY_MESSAGES.invalidVideo,
    });
  const named = storyMediaTypeOf(file.fileName);
  if (!named) throw badRequest(STORY_MESSAGES.invalidImage, { media: STORY_MESSAGES.invalidImage });
  if (named !== mediaType) throw invalid();
  if (file.bytes.length === 0) throw badRequest(STORY_MESSAGES.noFile, { media: STORY_MESSAGES.noFile });
  if (file.bytes.length > STORY_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', STORY_MESSAGES.tooLarge);
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(file.bytes);
  const format = sniffed ? STORY_FORMATS[sniffed.mime] : undefined;
  if (!format || format.type !== mediaType) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      mediaType === 'image' ? STORY_MESSAGES.notRealImage : STORY_MESSAGES.notRealVideo,
    );
  }
  if (mediaType === 'image') {
    const { default: sharp } = await import('sharp');
    const metadata = await sharp(file.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
      .metadata()
      .catch(() => null);
    if (!metadata || metadata.format !== SHARP_FORMAT[sniffed!.mime as ImageContentType]) {
      throw badRequest(STORY_MESSAGES.damaged, { media: STORY_MESSAGES.damaged });
    }
  }
  const key = `${createHash('sha256').update(file.bytes).digest('hex')}.${format.ext}`;
  await mediaStorage(config).put(key, file.bytes, format.contentType);
  return { url: `${MEDIA_PATH}${key}`, contentType: format.contentType, bytes: file.bytes.length };
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

/** An image ready for a PDF: PNG bytes and their size in pixels. */
export interface PdfImage {
  png: Buffer;
  width: number;
  height: number;
}

/** Largest side of an image put in a PDF: a logo printed a few centimetres wide needs no more. */
const PDF_IMAGE_MAX_PX = 600;
// Keys are content-derived (the same key always names the same bytes), so a converted image stays right.
const pdfImages = new Map<string, PdfImage>();
const PDF_IMAGES_MAX = 32;

/**
 * An uploaded image (`/media/<key>`) as a PNG of at most PDF_IMAGE_MAX_PX a side: PDFKit draws only
 * PNG and JPEG, and a WebP or GIF logo is accepted on upload. Null when the URL is not ours, the object
 * is missing, or it does not decode: a document that needs it is then made without it, never refused.
 */
export async function imageForPdf(config: Pick<Config, 'media'>, url: string | null | undefined): Promise<PdfImage | null> {
  const key = url ? mediaKeyOfUrl(url) : null;
  if (!key) return null;
  const known = pdfImages.get(key);
  if (known) return known;
  try {
    const stored = await mediaStorage(config).get(key);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stored.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > IMAGE_MAX_BYTES) {
        stored.body.destroy();
        return null;
      }
      chunks.push(chunk);
    }
    const { default: sharp } = await import('sharp');
    const { data, info } = await sharp(Buffer.concat(chunks), { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
      .rotate() // as the browser shows it (EXIF orientation)
      .resize({ width: PDF_IMAGE_MAX_PX, height: PDF_IMAGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    const image = { png: data, width: info.width, height: info.height };
    if (pdfImages.size >= PDF_IMAGES_MAX) pdfImages.clear();
    pdfImages.set(key, image);
    return image;
  } catch {
    return null;
  }
}

/**
 * A private file's key: `private-<uuid>.<ext>`. Random, not content-derived (the same bytes sent by two
 * stores are two files), and never matching MEDIA_KEY_RE, so GET /media/:key cannot serve it.
 */
export const PRIVATE_KEY_RE = /^private-[0-9a-f-]{36}\.(?:jpg|png|webp|gif|pdf)$/;

const PRIVATE_EXTENSION: Record<string, string> = { ...EXTENSION, 'application/pdf': 'pdf' };

export interface PrivateFileRule {
  /** The content types accepted, as sniffed from the bytes (images among them are decoded too). */
  accepted: readonly string[];
  maxBytes: number;
  messages: { noFile: string; wrongType: string; tooLarge: string; damaged: string };
}

export interface SavedPrivateFile {
  key: string;
  contentType: string;
  bytes: number;
}

/**
 * Checks a file by its bytes (the name and declared type are never trusted): the sniffed type must be
 * one the rule accepts; an image must decode whole as that format; a PDF must start with its header and
 * carry an end-of-file marker. Then stores it under a new private key.
 */
export async function savePrivateFile(
  config: Pick<Config, 'media'>,
  bytes: Buffer,
  rule: PrivateFileRule,
): Promise<SavedPrivateFile> {
  if (bytes.length === 0) throw badRequest(rule.messages.noFile);
  if (bytes.length > rule.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', rule.messages.tooLarge);
  const { fileTypeFromBuffer } = await import('file-type');
  const contentType = (await fileTypeFromBuffer(bytes))?.mime;
  if (!contentType || !rule.accepted.includes(contentType) || !PRIVATE_EXTENSION[contentType]) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', rule.messages.wrongType);
  }
  if (isAccepted(contentType)) {
    const { default: sharp } = await import('sharp');
    const metadata = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
      .metadata()
      .catch(() => null);
    if (!metadata) throw badRequest(rule.messages.damaged);
    if (metadata.format !== SHARP_FORMAT[contentType]) throw new AppError('UNSUPPORTED_MEDIA_TYPE', rule.messages.wrongType);
  } else if (!bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF')) {
    // A PDF cut short (no end-of-file marker in its last KB) would not open on the other side.
    throw badRequest(rule.messages.damaged);
  }
  const key = `private-${randomUUID()}.${PRIVATE_EXTENSION[contentType]}`;
  await mediaStorage(config).put(key, bytes, contentType);
  return { key, contentType, bytes: bytes.length };
}

/** A private file by its key (the owner module has checked who may read it), or null. */
export async function readPrivateFile(config: Pick<Config, 'media'>, key: string): Promise<StoredMedia | null> {
  if (!PRIVATE_KEY_RE.test(key)) return null;
  return mediaStorage(config).get(key);
}

/** The one file of a multipart/form-data request (415 when the request is not multipart, 400 without a file). */
export async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  const contentType = request.headers['content-type'] ?? '';
  if (!Buffer.isBuffer(request.body) || !/^multipart\/form-data\b/i.test(contentType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.notMultipart);
  }
  const file = await firstFile(request.body, contentType);
  if (!file) throw badRequest(MEDIA_MESSAGES.noFile);
  return file;
}
