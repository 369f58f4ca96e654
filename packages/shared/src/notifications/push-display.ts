// Spec §4 Push: what a push shows, with the fallbacks for a missing title or body. Free of imports so the
// service worker bundles only this, not the schemas (and zod) of notifications.schemas.ts, which re-exports it.

export const PUSH_TITLE_FALLBACK = 'New Notification';
export const PUSH_BODY_FALLBACK = 'You have a new message';
/** Spec §9: the push fallback buffer keeps the last 50. */
export const PUSH_FALLBACK_BUFFER = 50;

/** Spec §4: a push shows its title and body, or the fallbacks. */
export function pushDisplay(p: { title?: string | null; body?: string | null }): { title: string; body: string } {
  return {
    title: p.title?.trim() ? p.title : PUSH_TITLE_FALLBACK,
    body: p.body?.trim() ? p.body : PUSH_BODY_FALLBACK,
  };
}
