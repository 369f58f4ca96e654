import { describe, expect, it } from 'vitest';
import { describeUserAgent, parseUserAgent } from './user-agent.ts';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36',
};

describe('describeUserAgent', () => {
  it.each([
    [UA.chromeWindows, 'Chrome 131 on Windows'],
    [UA.edge, 'Edge 131 on Windows'],
    [UA.safariIphone, 'Safari 17 on iOS'],
    [UA.chromeIphone, 'Chrome 126 on iOS'],
    [UA.firefoxMac, 'Firefox 128 on macOS'],
    [UA.samsung, 'Samsung Internet 25 on Android'],
    [UA.chromeAndroid, 'Chrome 131 on Android'],
    [UA.opera, 'Opera 115 on Windows'],
    [UA.headless, 'Chrome 142 on Linux'],
    ['curl/8.5.0', 'Browser on Unknown OS'],
  ])('%s → %s', (ua, expected) => {
    expect(describeUserAgent(ua)).toBe(expected);
  });

  it('is null without a user agent', () => {
    expect(describeUserAgent(null)).toBeNull();
    expect(describeUserAgent('  ')).toBeNull();
  });

  it('tells phones from desktops', () => {
    expect(parseUserAgent(UA.safariIphone).mobile).toBe(true);
    expect(parseUserAgent(UA.chromeAndroid).mobile).toBe(true);
    expect(parseUserAgent(UA.chromeWindows).mobile).toBe(false);
  });
});
