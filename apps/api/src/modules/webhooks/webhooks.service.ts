// Webhooks (issue 18 §6, docs/webhooks.md): a distributor's endpoints (the office manages them under
// /admin/back-office), and queueWebhookEvent, which orders, retailers (customers) and — once it exists — the
// payments ledger call to announce an event. Queuing writes one delivery per subscribed endpoint, in the
// caller's transaction when given one, and wakes the webhook worker; sending happens off the request path.
import {
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEndpointList,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
  type webhookDeliveryQuery,
  type webhookListQuery,
} from '@portal/shared/webhooks/webhooks.schemas';
import type { z } from 'zod';
import type { AppMode } from '../../config.ts';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { wakeJobLoops } from '../../platform/job-loop.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { encryptSecret, endpointUrlProblem, newWebhookSecret } from './webhook-delivery.ts';
import {
  countEndpoints,
  deleteEndpoint,
  endpointsFor,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  lastDeliveries,
  listDeliveries,
  listEndpoints,
  updateEndpoint,
  type DeliveryListRow,
  type EndpointRow,
} from './webhooks.repository.ts';

/** The job-loop name the worker and queueWebhookEvent share. */
export const WEBHOOK_QUEUE = 'webhooks';

/** What the service needs from the server's configuration. */
export interface WebhookContext {
  mode: AppMode;
  /** JWT_SECRET: the key endpoint secrets are encrypted under is derived from it. */
  appSecret: string;
}

/** The body every delivery carries: the event, its id (the same on every retry) and its data. */
export interface WebhookEnvelope {
  id: string;
  event: string;
  createdAt: string;
  data: unknown;
}

/**
 * Announces an event to the distributor's active endpoints that subscribe to it. Call it inside the
 * transaction of the change (deliveries then exist only if it commits) or after it. Cheap when no
 * endpoint listens: one indexed read.
 */
export async function queueWebhookEvent(
  db: DbOrTrx,
  distributorId: string,
  event: WebhookEvent,
  /** The event's data, or a function that reads it (called only when some endpoint listens). */
  data: unknown,
): Promise<void> {
  const endpoints = await endpointsFor(db, distributorId, event);
  if (!endpoints.length) return;
  const at = nowIso();
  const body = typeof data === 'function' ? await (data as () => Promise<unknown>)() : data;
  const envelope: WebhookEnvelope = { id: newId(), event, createdAt: at, data: body };
  const payload = JSON.stringify(envelope);
  await insertDeliveries(
    db,
    endpoints.map((e) => ({
      id: newId(),
      endpointId: e.id,
      distributorId,
      event,
      eventId: envelope.id,
      payload,
      isTest: false,
      at,
    })),
  );
  wakeJobLoops(WEBHOOK_QUEUE, db);
}

// ---- the office's endpoints ----

function toEndpoint(
  row: EndpointRow,
  last?: { status: WebhookDeliveryStatus; created_at: string; event: string },
): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as string[],
    isActive: Number(row.is_active) === 1,
    secretHint: row.secret_hint,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastDelivery: last ? { status: last.status, at: last.created_at, event: last.event } : null,
  };
}

async function endpointWithLast(db: DbOrTrx, row: EndpointRow): Promise<WebhookEndpoint> {
  const last = await lastDeliveries(db, [row.id]);
  return toEndpoint(row, last.get(row.id));
}

export async function listEndpointRows(
  db: Db,
  actor: Actor,
  query: z.output<typeof webhookListQuery>,
): Promise<WebhookEndpointList> {
  const [rows, total] = await Promise.all([
    listEndpoints(db, actor.distributorId, { offset: (query.page - 1) * query.limit, limit: query.limit }),
    countEndpoints(db, actor.distributorId),
  ]);
  const last = await lastDeliveries(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toEndpoint(r, last.get(r.id))), total, page: query.page, limit: query.limit };
}

async function ownEndpoint(db: DbOrTrx, actor: Actor, id: string): Promise<EndpointRow> {
  const row = await findEndpoint(db, actor.distributorId, id);
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return row;
}

export async function getEndpoint(db: Db, actor: Actor, id: string): Promise<WebhookEndpoint> {
  return endpointWithLast(db, await ownEndpoint(db, actor, id));
}

function checkUrl(ctx: WebhookContext, url: string): void {
  const problem = endpointUrlProblem(url, ctx.mode);
  if (problem) throw badRequest(problem, { url: problem });
}

const hintOf = (secret: string) => secret.slice(-4);

function audit(db: DbOrTrx, actor: Actor, id: string, action: string, before: unknown, after: unknown) {
  return recordAudit(db, {
    distributorId: actor.distributorId,
    entityType: 'webhook_endpoint',
    entityId: id,
    action,
    actor: { userId: actor.userId, name: actor.name },
    before: before as Record<string, unknown> | null,
    after: after as Record<string, unknown> | null,
  });
}

const auditView = (e: { url: string; events: string[] | string; isActive?: boolean; is_active?: number }) => ({
  url: e.url,
  events: Array.isArray(e.events) ? e.events.join(', ') : (JSON.parse(e.events) as string[]).join(', '),
  isActive: e.isActive ?? Number(e.is_active) === 1,
});

export async function createEndpoint(
  db: Db,
  ctx: WebhookContext,
  actor: Actor,
  input: WebhookEndpointInput,
): Promise<WebhookEndpointWithSecret> {
  checkUrl(ctx, input.url);
  if ((await countEndpoints(db, actor.distributorId)) >= WEBHOOK_MAX_ENDPOINTS) throw conflict(WEBHOOK_MESSAGES.tooMany);
  const secret = newWebhookSecret();
  const at = nowIso();
  const row: EndpointRow = {
    id: newId(),
    distributor_id: actor.distributorId,
    url: input.url,
    description: input.description,
    events: JSON.stringify(input.events),
    secret_encrypted: encryptSecret(secret, ctx.appSecret),
    secret_hint: hintOf(secret),
    is_active: input.isActive ? 1 : 0,
    created_at: at,
    updated_at: at,
  };
  await db.transaction().execute(async (trx) => {
    await insertEndpoint(trx, row);
    await audit(trx, actor, row.id, 'created', null, auditView(input));
  });
  return { ...toEndpoint(row), secret };
}

export async function editEndpoint(
  db: Db,
  ctx: WebhookContext,
  actor: Actor,
  id: string,
  input: WebhookEndpointInput,
): Promise<WebhookEndpoint> {
  const before = await ownEndpoint(db, actor, id);
  checkUrl(ctx, input.url);
  await db.transaction().execute(async (trx) => {
    await updateEndpoint(trx, actor.distributorId, id, {
      url: input.url,
      description: input.description,
      events: JSON.stringify(input.events),
      is_active: input.isActive ? 1 : 0,
      updated_at: nowIso(),
    });
    await audit(trx, actor, id, 'updated', auditView(before), auditView(input));
  });
  return getEndpoint(db, actor, id);
}

/** A new secret for the endpoint (the old one stops signing at once); shown once, like on creation. */
export async function rotateEndpointSecret(
  db: Db,
  ctx: WebhookContext,
  actor: Actor,
  id: string,
): Promise<WebhookEndpointWithSecret> {
  await ownEndpoint(db, actor, id);
  const secret = newWebhookSecret();
  await db.transaction().execute(async (trx) => {
    await updateEndpoint(trx, actor.distributorId, id, {
      secret_encrypted: encryptSecret(secret, ctx.appSecret),
      secret_hint: hintOf(secret),
      updated_at: nowIso(),
    });
    await audit(trx, actor, id, 'secret_rotated', null, null);
  });
  return { ...(await getEndpoint(db, actor, id)), secret };
}

/** Deletes the endpoint and its delivery history; queued deliveries are not sent. */
export async function removeEndpoint(db: Db, actor: Actor, id: string): Promise<void> {
  const before = await ownEndpoint(db, actor, id);
  await db.transaction().execute(async (trx) => {
    await deleteEndpoint(trx, actor.distributorId, id);
    await audit(trx, actor, id, 'deleted', auditView(before), null);
  });
}

function toDelivery(r: DeliveryListRow): WebhookDelivery {
  return {
    id: r.id,
    endpointId: r.endpoint_id,
    endpointUrl: r.url,
    event: r.event,
    eventId: r.event_id,
    isTest: Number(r.is_test) === 1,
    status: r.status,
    attempts: Number(r.attempts),
    lastStatusCode: r.last_status_code == null ? null : Number(r.last_status_code),
    lastError: r.last_error,
    nextAttemptAt: r.status === 'queued' ? r.next_attempt_at : null,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
  };
}

/** A `webhook.test` delivery to the endpoint, sent like any other (signed, retried). */
export async function sendTestDelivery(db: Db, actor: Actor, id: string): Promise<WebhookDelivery> {
  const endpoint = await ownEndpoint(db, actor, id);
  if (Number(endpoint.is_active) !== 1) throw conflict(WEBHOOK_MESSAGES.inactive);
  const at = nowIso();
  const envelope: WebhookEnvelope = {
    id: newId(),
    event: WEBHOOK_TEST_EVENT,
    createdAt: at,
    data: { message: 'A test delivery from the ordering portal', endpointId: id, requestedBy: actor.name },
  };
  const deliveryId = newId();
  await insertDeliveries(db, [
    {
      id: deliveryId,
      endpointId: id,
      distributorId: actor.distributorId,
      event: WEBHOOK_TEST_EVENT,
      eventId: envelope.id,
      payload: JSON.stringify(envelope),
      isTest: true,
      at,
    },
  ]);
  wakeJobLoops(WEBHOOK_QUEUE, db);
  return toDelivery((await findDelivery(db, actor.distributorId, deliveryId))!);
}

export async function listDeliveryRows(
  db: Db,
  actor: Actor,
  query: z.output<typeof webhookDeliveryQuery>,
): Promise<WebhookDeliveryList> {
  const { rows, total } = await listDeliveries(
    db,
    { distributorId: actor.distributorId, endpointId: query.endpointId || undefined, status: query.status },
    // Newest first unless a column is chosen; a chosen column starts ascending.
    { sort: query.sort ?? 'createdAt', dir: query.dir ?? (query.sort && query.sort !== 'createdAt' ? 'asc' : 'desc') },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { items: rows.map(toDelivery), total, page: query.page, limit: query.limit };
}
