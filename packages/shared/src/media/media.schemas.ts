// Uploaded media: the image upload's answer, its limits and messages, and the shape of the URLs the
// portal serves media under (/media/<key>), shared by the API, the products editor and its form checks.
import { z } from 'zod';
import { FILE_LIMIT_MB } from '../layout/file-rules.ts';

/** Spec §9: images up to 5 MB (5242880 bytes), the same limit as the generic file field (spec §5). */
export const IMAGE_MAX_MB = FILE_LIMIT_MB.image;
export const IMAGE_MAX_BYTES = IMAGE_MAX_MB * 1024 * 1024;

/**
 * The formats a browser shows everywhere and that carry no script: never SVG or HTML, whatever the file
 * is called. Checked by the file's bytes on the server; the picker's accept list only helps the user.
 */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

/** Width of the thumbnail made for every uploaded image (WebP, never wider than the original). */
export const THUMBNAIL_WIDTH = 320;

export const MEDIA_MESSAGES = {
  noFile: 'Please select a file to upload.',
  notAnImage: 'Only JPEG, PNG, WebP or GIF images can be uploaded',
  tooLarge: `The image must be ${IMAGE_MAX_MB} MB or smaller`,
  damaged: 'The image could not be read: the file is damaged or incomplete',
  notMultipart: 'Send the image as multipart/form-data',
  unreadableUpload: 'The upload could not be read. Send one image as multipart/form-data.',
} as const;

export const uploadedImageSchema = z.object({
  /** Where the image is served: /media/<key>, to be stored on the product. */
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.enum(IMAGE_CONTENT_TYPES),
  bytes: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** The path prefix media are served under (outside /api: public, long-cached, not JSON). */
export const MEDIA_PATH = '/media/';

/**
 * A media key: the SHA-256 of the original's bytes, then `.jpg|.png|.webp|.gif` for the original or
 * `-thumb.webp` for its thumbnail. Names are content-unique, so an answer can be cached for ever, and
 * the pattern admits no slash or dot-dot, so a key can never leave the storage folder or bucket prefix.
 */
export const MEDIA_KEY_RE = /^[0-9a-f]{64}(?:\.(?:jpg|png|webp|gif)|-thumb\.webp)$/;

/**
 * A story video's key: the SHA-256 of its bytes and the extension of the format its bytes are (never
 * the uploaded name's). Served like images; not an image, so mediaKeyOfUrl (product images) refuses it.
 */
export const VIDEO_KEY_RE = /^[0-9a-f]{64}\.(?:mp4|mov|webm|avi|flv|wmv)$/;

/** The media key in a URL the portal serves (`/media/<key>`), or null for any other URL. */
export function mediaKeyOfUrl(url: string): string | null {
  if (!url.startsWith(MEDIA_PATH)) return null;
  const key = url.slice(MEDIA_PATH.length);
  return MEDIA_KEY_RE.test(key) ? key : null;
}

/** The thumbnail URL of an uploaded original's URL (or the thumbnail's own URL), else null. */
export function thumbnailUrlOf(url: string): string | null {
  const key = mediaKeyOfUrl(url);
  return key ? `${MEDIA_PATH}${key.slice(0, 64)}-thumb.webp` : null;
}
