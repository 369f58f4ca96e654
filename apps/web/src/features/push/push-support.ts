// Where push can start (spec §1): service workers, notifications and push in a secure context
// (https, or 127.0.0.1/localhost, which browsers count as secure). On iOS, push exists only for a portal
// added to the Home Screen: Safari in a tab gets a one-time hint instead of a permission prompt.

export type PushSupport = 'supported' | 'unsupported' | 'ios-home-screen';

/** What start-up looks at; a Window in the app, a stand-in in tests. */
export interface PushEnvironment {
  isSecureContext: boolean;
  navigator: { userAgent: string; platform?: string; maxTouchPoints?: number; standalone?: boolean; serviceWorker?: unknown };
  Notification?: unknown;
  PushManager?: unknown;
  matchMedia?: (query: string) => { matches: boolean };
}

export function isIos(nav: PushEnvironment['navigator']): boolean {
  // iPadOS reports itself as a Mac; a Mac with a touch screen is an iPad.
  return /iPhone|iPad|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && (nav.maxTouchPoints ?? 0) > 1);
}

export function isStandalone(env: PushEnvironment): boolean {
  return env.navigator.standalone === true || Boolean(env.matchMedia?.('(display-mode: standalone)').matches);
}

export function pushSupport(env: PushEnvironment): PushSupport {
  if (isIos(env.navigator) && !isStandalone(env)) return 'ios-home-screen';
  if (!env.isSecureContext) return 'unsupported';
  if (!env.navigator.serviceWorker || !env.Notification || !env.PushManager) return 'unsupported';
  return 'supported';
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe expects. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Whether a subscription was made with this key (a new server key needs a new subscription). */
export function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}
