// Web Push for retailers: the browser's subscription (re-sent on every app open), which kinds come by push
// (and which by e-mail: the notifications module sends those through the outbox),
// and queuePush, which the notifications module calls for every notification that reaches users. Sending
// happens in the push worker (push-worker.ts), never on the path of the request that queued it.
import {
  EMAIL_CHOICE_KINDS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  pushSubscriptionJson,
  type EmailChoiceKind,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  type PushPayload,
} from '@portal/shared/notifications/notifications.schemas';
import { isIP } from 'node:net';
import type { Config } from '../../config.ts';
import type { DbOrTrx } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { wakePushWorkers } from './push-worker.ts';
import {
  deliveredRows,
  disabledPairs,
  dropQueuedJobsOf,
  emailOptedIn,
  findSubscriptionByEndpoint,
  insertJobs,
  preferenceRows,
  savePreferences,
  subscriptionsOfUsers,
  trimUserSubscriptions,
  upsertSubscription,
  type NewJob,
} from './push.repository.ts';

/** Devices a user keeps subscribed; a new one beyond this replaces the one seen longest ago. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;
/** Push services accept about 4 KB of encrypted payload; the JSON is kept below this many bytes. */
const MAX_PAYLOAD_BYTES = 3000;

export const PUSH_MESSAGES = {
  off: 'Push notifications are not enabled on this server',
  badEndpoint: 'The push endpoint must be an https:// address of a push service',
  badKeys: 'The push subscription keys are not valid (p256dh must be a P-256 public key, auth 16 bytes)',
} as const;

function invalid(message: string = NOTIFICATION_MESSAGES.subscriptionInvalid): AppError {
  return badRequest(message, { fcmToken: message });
}

/**
 * The endpoint is where the server will POST: in production only https:// to a named host, so a
 * subscription cannot point the worker at this machine or the private network by address.
 */
function endpointAllowed(endpoint: string, mode: Config['mode']): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (mode !== 'production') return url.protocol === 'https:' || url.protocol === 'http:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return (
    url.protocol === 'https:' &&
    isIP(host) === 0 &&
    host.includes('.') &&
    !/(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(host)
  );
}

function validKeys(p256dh: string, auth: string): boolean {
  const key = Buffer.from(p256dh, 'base64url');
  return (
    /^[A-Za-z0-9_-]+=*$/.test(p256dh) &&
    /^[A-Za-z0-9_-]+=*$/.test(auth) &&
    key.length === 65 &&
    key[0] === 4 &&
    Buffer.from(auth, 'base64url').length === 16
  );
}

/** PUT /retailer/fcmToken: stores this browser's subscription for the caller (moving it from another user). */
export async function saveSubscription(
  db: DbOrTrx,
  config: Pick<Config, 'mode' | 'push'>,
  actor: Actor,
  fcmToken: string,
  userAgent: string | undefined,
): Promise<void> {
  if (!config.push) throw new AppError('CONFLICT', PUSH_MESSAGES.off);
  let json: unknown;
  try {
    json = JSON.parse(fcmToken);
  } catch {
    throw invalid();
  }
  const parsed = pushSubscriptionJson.safeParse(json);
  if (!parsed.success) throw invalid();
  const { endpoint, keys } = parsed.data;
  if (!endpointAllowed(endpoint, config.mode)) throw invalid(PUSH_MESSAGES.badEndpoint);
  if (!validKeys(keys.p256dh, keys.auth)) throw invalid(PUSH_MESSAGES.badKeys);

  const at = nowIso();
  const before = await findSubscriptionByEndpoint(db, endpoint);
  await upsertSubscription(db, {
    id: before?.id ?? newId(),
    userId: actor.userId,
    sessionId: actor.sessionId,
    endpoint,
    p256dh: keys.p256dh,
    auth: keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
    at,
  });
  // The same browser signed in as someone else: what was queued for the previous user is not sent to this one.
  if (before && before.user_id !== actor.userId) await dropQueuedJobsOf(db, before.id, at);
  await trimUserSubscriptions(db, actor.userId, MAX_SUBSCRIPTIONS_PER_USER);
}

/** GET /retailer/notificationPreferences: every kind by push unless switched off, by e-mail only if switched on. */
export async function getPreferences(db: DbOrTrx, actor: Actor): Promise<NotificationPreferences> {
  const stored = new Map((await preferenceRows(db, actor.userId)).map((r) => [r.kind, r]));
  const push = {} as Record<NotificationKind, boolean>;
  for (const kind of NOTIFICATION_KINDS) push[kind] = (stored.get(kind)?.enabled ?? 1) === 1;
  const email = {} as Record<EmailChoiceKind, boolean>;
  for (const kind of EMAIL_CHOICE_KINDS) email[kind] = stored.get(kind)?.email === 1;
  return { push, email };
}

/** PUT /retailer/notificationPreferences: stores the switches sent; answers the whole set. */
export async function setPreferences(
  db: DbOrTrx,
  actor: Actor,
  body: NotificationPreferencesBody,
): Promise<NotificationPreferences> {
  const changes = NOTIFICATION_KINDS.map((kind) => ({
    kind,
    push: body.push?.[kind],
    email: (EMAIL_CHOICE_KINDS as readonly string[]).includes(kind) ? body.email?.[kind as EmailChoiceKind] : undefined,
  })).filter((c) => c.push !== undefined || c.email !== undefined);
  await savePreferences(db, actor.userId, changes, nowIso());
  return getPreferences(db, actor);
}

/** The users among these who chose to get this kind by e-mail too (always none for a kind without the choice). */
export async function usersWantingEmail(db: DbOrTrx, userIds: readonly string[], kind: NotificationKind): Promise<string[]> {
  if (!(EMAIL_CHOICE_KINDS as readonly string[]).includes(kind) || userIds.length === 0) return [];
  return emailOptedIn(db, userIds, kind);
}

/** The payload as JSON, its body shortened until the whole fits what push services accept. */
export function payloadJson(payload: PushPayload): string {
  let p = { ...payload };
  let json = JSON.stringify(p);
  while (Buffer.byteLength(json) > MAX_PAYLOAD_BYTES && (p.body?.length ?? 0) > 0) {
    const body = p.body!;
    p = { ...p, body: `${body.slice(0, Math.max(0, Math.floor(body.length * 0.8) - 1))}…` };
    if (p.body === '…') p.body = '';
    json = JSON.stringify(p);
  }
  return json;
}

export interface PushDelivery {
  userId: string;
  kind: NotificationKind;
  notificationId: string | null;
  payload: PushPayload;
}

/**
 * Queues one push per subscription of each delivery's user whose preferences allow that kind, and wakes
 * the worker. Returns once the jobs are stored (inside the caller's transaction when given one).
 */
export async function queuePush(db: DbOrTrx, deliveries: PushDelivery[]): Promise<void> {
  if (!deliveries.length) return;
  const userIds = [...new Set(deliveries.map((d) => d.userId))];
  const off = await disabledPairs(db, userIds);
  const allowed = deliveries.filter((d) => !off.has(`${d.userId}\u0000${d.kind}`));
  if (!allowed.length) return;
  const subs = await subscriptionsOfUsers(db, [...new Set(allowed.map((d) => d.userId))]);
  if (!subs.length) return;
  const byUser = new Map<string, string[]>();
  for (const s of subs) byUser.set(s.user_id, [...(byUser.get(s.user_id) ?? []), s.id]);
  const at = nowIso();
  const jobs: NewJob[] = [];
  for (const d of allowed) {
    const ids = byUser.get(d.userId);
    if (!ids) continue;
    const payload = payloadJson({
      ...d.payload,
      kind: d.payload.kind ?? d.kind,
      notificationId: d.payload.notificationId ?? d.notificationId ?? undefined,
    });
    for (const subscriptionId of ids) jobs.push({ id: newId(), subscriptionId, notificationId: d.notificationId, payload, at });
  }
  if (!jobs.length) return;
  await insertJobs(db, jobs);
  wakePushWorkers(db);
}

/** Per notification, how many subscriptions accepted its push (0 when none did). */
export async function pushDeliveredCounts(db: DbOrTrx, notificationIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>(notificationIds.map((id) => [id, 0]));
  if (!notificationIds.length) return out;
  for (const r of await deliveredRows(db, [...new Set(notificationIds)])) out.set(r.notification_id, Number(r.delivered));
  return out;
}
