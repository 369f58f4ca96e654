import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, MEDIA_MESSAGES, mediaKeyOfUrl, thumbnailUrlOf } from './media.schemas.ts';

const HASH = '0123456789abcdef'.repeat(4);

describe('media URLs and limits', () => {
  it('images are bounded by spec §9: 5 MB (5242880 bytes)', () => {
    expect(IMAGE_MAX_BYTES).toBe(5_242_880);
    expect(MEDIA_MESSAGES.tooLarge).toBe('The image must be 5 MB or smaller');
  });

  it('reads the key of a served media URL and nothing else', () => {
    expect(mediaKeyOfUrl(`/media/${HASH}.jpg`)).toBe(`${HASH}.jpg`);
    expect(mediaKeyOfUrl(`/media/${HASH}-thumb.webp`)).toBe(`${HASH}-thumb.webp`);
    for (const url of [
      `/media/${HASH}.svg`,
      `/media/${HASH}.JPG`,
      `/media/${HASH.slice(1)}.png`,
      `/media/../${HASH}.png`,
      `https://cdn.test/media/${HASH}.png`,
      `/media/${HASH}.png?v=1`,
      `/media/${HASH}-thumb.png`,
      '/product-images/beverages.svg',
    ]) {
      expect([url, mediaKeyOfUrl(url)]).toEqual([url, null]);
    }
  });

  it('derives the thumbnail URL of an upload', () => {
    expect(thumbnailUrlOf(`/media/${HASH}.gif`)).toBe(`/media/${HASH}-thumb.webp`);
    expect(thumbnailUrlOf(`/media/${HASH}-thumb.webp`)).toBe(`/media/${HASH}-thumb.webp`);
    expect(thumbnailUrlOf('/product-images/beverages.svg')).toBeNull();
  });
});
