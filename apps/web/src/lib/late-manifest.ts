// The web app manifest (installing the portal on a phone's Home Screen, which iOS needs for push:
// docs/push.md) is linked a while after the page has loaded, not from the page's <head>. Linked
// there, the browser fetched it and then its icon at once, over two of the six connections a phone
// opens to the server, before the first screen's scripts had all arrived. Nothing reads the
// manifest before a person asks to install the app.
export const MANIFEST_DELAY_MS = 2_000;

export function linkManifestLater(): void {
  const link = () => {
    if (document.querySelector('link[rel="manifest"]')) return;
    const el = document.createElement('link');
    el.rel = 'manifest';
    el.href = '/manifest.webmanifest';
    document.head.append(el);
  };
  const later = () => setTimeout(link, MANIFEST_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
