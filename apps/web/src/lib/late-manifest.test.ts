import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkManifestLater, MANIFEST_DELAY_MS } from './late-manifest';

const manifestLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]')];

afterEach(() => {
  vi.useRealTimers();
  for (const link of manifestLinks()) link.remove();
});

describe('the web app manifest', () => {
  it('is linked once, a while after the page has loaded', () => {
    vi.useFakeTimers();
    linkManifestLater();
    linkManifestLater();
    // jsdom's document has loaded by the time the tests run.
    vi.advanceTimersByTime(MANIFEST_DELAY_MS - 1);
    expect(manifestLinks()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(manifestLinks().map((l) => l.getAttribute('href'))).toEqual(['/manifest.webmanifest']);
  });
});
