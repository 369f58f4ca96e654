// Push start-up: where it runs (secure context with service workers, notifications and push), the iOS
// one-time hint outside the Home Screen, the subscription sent on every open, and failures only logged.
import { describe, expect, it, vi } from 'vitest';
import { IOS_HINT, IOS_HINT_KEY, startPush, type PushStartupDeps } from './push-startup';
import { pushSupport, vapidKeyBytes, type PushEnvironment } from './push-support';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
// A 65-byte P-256 public key, base64url
const KEY = `BP${'A'.repeat(84)}`;

function env(over: Partial<PushEnvironment> = {}, nav: Partial<PushEnvironment['navigator']> = {}): PushEnvironment {
  return {
    isSecureContext: true,
    navigator: { userAgent: CHROME, serviceWorker: {}, ...nav },
    Notification: function Notification() {},
    PushManager: function PushManager() {},
    matchMedia: () => ({ matches: false }),
    ...over,
  };
}

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

function deps(over: Partial<PushStartupDeps> = {}) {
  const subscription = {
    options: { applicationServerKey: vapidKeyBytes(KEY).buffer },
    toJSON: () => ({ endpoint: 'https://push.example.com/1', keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: vi.fn(async () => true),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => null as typeof subscription | null),
    subscribe: vi.fn(async () => subscription),
  };
  const d = {
    env: env(),
    serviceWorker: { register: vi.fn(async () => ({})), ready: Promise.resolve({ pushManager }) },
    permission: vi.fn(() => 'default' as NotificationPermission),
    requestPermission: vi.fn(async () => 'granted' as NotificationPermission),
    getVapidKey: vi.fn(async () => KEY as string | null),
    saveSubscription: vi.fn(async () => undefined),
    showHint: vi.fn(),
    storage: memoryStorage(),
    log: { info: vi.fn(), warn: vi.fn() },
    ...over,
  };
  return { d: d as unknown as PushStartupDeps & typeof d, pushManager, subscription };
}

describe('pushSupport', () => {
  it('needs a secure context, service workers, notifications and push', () => {
    expect(pushSupport(env())).toBe('supported');
    expect(pushSupport(env({ isSecureContext: false }))).toBe('unsupported');
    expect(pushSupport(env({ Notification: undefined }))).toBe('unsupported');
    expect(pushSupport(env({ PushManager: undefined }))).toBe('unsupported');
    expect(pushSupport(env({}, { serviceWorker: undefined }))).toBe('unsupported');
  });

  it('on iOS asks for the Home Screen unless the portal runs from it', () => {
    expect(pushSupport(env({ PushManager: undefined }, { userAgent: IPHONE }))).toBe('ios-home-screen');
    expect(pushSupport(env({ matchMedia: () => ({ matches: true }) }, { userAgent: IPHONE }))).toBe('supported');
    expect(pushSupport(env({}, { userAgent: IPHONE, standalone: true }))).toBe('supported');
    // iPadOS presents itself as a Mac with a touch screen
    expect(
      pushSupport(
        env({}, { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', platform: 'MacIntel', maxTouchPoints: 5 }),
      ),
    ).toBe('ios-home-screen');
  });
});

describe('startPush', () => {
  it('registers /sw.js, asks permission, subscribes with the server key and sends the subscription', async () => {
    const { d, pushManager } = deps();
    expect(await startPush(d)).toBe('subscribed');
    expect(d.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(d.requestPermission).toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(KEY) });
    expect(d.saveSubscription).toHaveBeenCalledWith(
      JSON.stringify({ endpoint: 'https://push.example.com/1', keys: { p256dh: 'p', auth: 'a' } }),
    );
  });

  it('sends an existing subscription again on every open, without subscribing anew', async () => {
    const { d, pushManager, subscription } = deps({ permission: vi.fn(() => 'granted' as NotificationPermission) });
    pushManager.getSubscription.mockResolvedValue(subscription);
    expect(await startPush(d)).toBe('subscribed');
    expect(d.requestPermission).not.toHaveBeenCalled();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(d.saveSubscription).toHaveBeenCalledTimes(1);
  });

  it('replaces a subscription made with another server key', async () => {
    const { d, pushManager, subscription } = deps();
    const old = {
      ...subscription,
      options: { applicationServerKey: new Uint8Array(65).buffer },
      unsubscribe: vi.fn(async () => true),
    };
    pushManager.getSubscription.mockResolvedValue(old);
    expect(await startPush(d)).toBe('subscribed');
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalled();
  });

  it('stops quietly where push is unsupported, off on the server, or refused', async () => {
    const unsupported = deps({ env: env({ isSecureContext: false }) }).d;
    expect(await startPush(unsupported)).toBe('unsupported');
    expect(unsupported.serviceWorker.register).not.toHaveBeenCalled();

    const off = deps({ getVapidKey: vi.fn(async () => null) }).d;
    expect(await startPush(off)).toBe('push-off');
    expect(off.serviceWorker.register).not.toHaveBeenCalled();

    const denied = deps({ requestPermission: vi.fn(async () => 'denied' as NotificationPermission) }).d;
    expect(await startPush(denied)).toBe('denied');
    expect(denied.saveSubscription).not.toHaveBeenCalled();
    expect(denied.log.info).toHaveBeenCalledWith('Notification permission denied: no push subscription');
  });

  it('only logs a failure', async () => {
    const boom = new Error('Registration failed - push service error');
    const { d } = deps({
      serviceWorker: { register: vi.fn(async () => Promise.reject(boom)), ready: new Promise(() => undefined) } as never,
    });
    expect(await startPush(d)).toBe('failed');
    expect(d.log.warn).toHaveBeenCalledWith('Push set-up failed', boom);
  });

  it('on iOS in Safari shows the Home Screen hint once, never the permission prompt', async () => {
    const storage = memoryStorage();
    const first = deps({ env: env({ PushManager: undefined }, { userAgent: IPHONE }), storage }).d;
    expect(await startPush(first)).toBe('ios-hint');
    expect(first.showHint).toHaveBeenCalledWith(IOS_HINT);
    expect(IOS_HINT).toBe('Add this portal to your Home Screen to get notifications');
    expect(storage.getItem(IOS_HINT_KEY)).toBe('1');
    expect(first.requestPermission).not.toHaveBeenCalled();
    const again = deps({ env: env({ PushManager: undefined }, { userAgent: IPHONE }), storage }).d;
    expect(await startPush(again)).toBe('ios-hint-already-shown');
    expect(again.showHint).not.toHaveBeenCalled();
  });
});
