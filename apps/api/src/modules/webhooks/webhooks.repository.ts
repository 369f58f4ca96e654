// All SQL of webhooks: the distributor's endpoints and the delivery queue the worker claims from. Claims are
// one UPDATE … WHERE status = 'queued' … RETURNING (with SKIP LOCKED on PostgreSQL), as in the push queue,
// so two API instances never send one delivery twice at once.
import { sql } from 'kysely';
import { dialectOf, type DbOrTrx } from '../../db/database.ts';
import type { Sorting } from '@portal/shared/api/sort';
import type { WebhookDeliverySortKey } from '@portal/shared/webhooks/webhooks.schemas';
import type { WebhookDeliveryTable, WebhookEndpointTable } from '../../db/schema.ts';

export type EndpointRow = WebhookEndpointTable;

// ---- endpoints ----

export async function countEndpoints(db: DbOrTrx, distributorId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('distributor_id', '=', distributorId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listEndpoints(
  db: DbOrTrx,
  distributorId: string,
  page: { offset: number; limit: number },
): Promise<EndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('distributor_id', '=', distributorId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function findEndpoint(db: DbOrTrx, distributorId: string, id: string): Promise<EndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertEndpoint(db: DbOrTrx, row: EndpointRow): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function updateEndpoint(
  db: DbOrTrx,
  distributorId: string,
  id: string,
  set: Partial<Omit<EndpointRow, 'id' | 'distributor_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('webhook_endpoints').set(set).where('distributor_id', '=', distributorId).where('id', '=', id).execute();
}

export async function deleteEndpoint(db: DbOrTrx, distributorId: string, id: string): Promise<void> {
  // Deliveries go with it (ON DELETE CASCADE); deleted explicitly too, for SQLite without foreign keys on.
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).where('distributor_id', '=', distributorId).execute();
  await db.deleteFrom('webhook_endpoints').where('distributor_id', '=', distributorId).where('id', '=', id).execute();
}

/** The active endpoints of a distributor that subscribe to an event (the events column is a JSON array). */
export async function endpointsFor(db: DbOrTrx, distributorId: string, event: string): Promise<{ id: string }[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('distributor_id', '=', distributorId)
    .where('is_active', '=', 1)
    .execute();
  return rows.filter((r) => (JSON.parse(r.events) as string[]).includes(event)).map((r) => ({ id: r.id }));
}

/** Each endpoint's most recent delivery. */
export async function lastDeliveries(
  db: DbOrTrx,
  endpointIds: readonly string[],
): Promise<Map<string, { status: WebhookDeliveryTable['status']; created_at: string; event: string }>> {
  const out = new Map<string, { status: WebhookDeliveryTable['status']; created_at: string; event: string }>();
  if (!endpointIds.length) return out;
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .select(['d.endpoint_id', 'd.status', 'd.created_at', 'd.event'])
    .where('d.endpoint_id', 'in', endpointIds)
    .where((eb) =>
      eb(
        'd.created_at',
        '=',
        eb
          .selectFrom('webhook_deliveries as d2')
          .select((e2) => e2.fn.max('d2.created_at').as('m'))
          .whereRef('d2.endpoint_id', '=', 'd.endpoint_id'),
      ),
    )
    .execute();
  for (const r of rows) out.set(r.endpoint_id, { status: r.status, created_at: r.created_at, event: r.event });
  return out;
}

// ---- deliveries ----

export interface NewDelivery {
  id: string;
  endpointId: string;
  distributorId: string;
  event: string;
  eventId: string;
  payload: string;
  isTest: boolean;
  at: string;
}

export async function insertDeliveries(db: DbOrTrx, list: readonly NewDelivery[]): Promise<void> {
  if (!list.length) return;
  await db
    .insertInto('webhook_deliveries')
    .values(
      list.map((d) => ({
        id: d.id,
        endpoint_id: d.endpointId,
        distributor_id: d.distributorId,
        event: d.event,
        event_id: d.eventId,
        payload: d.payload,
        is_test: d.isTest ? 1 : 0,
        status: 'queued' as const,
        attempts: 0,
        next_attempt_at: d.at,
        created_at: d.at,
      })),
    )
    .execute();
}

export interface DeliveryFilter {
  distributorId: string;
  endpointId?: string;
  status?: WebhookDeliveryTable['status'];
}

const DELIVERY_ORDER = {
  createdAt: 'd.created_at',
  event: 'd.event',
  endpointUrl: 'e.url',
  status: 'd.status',
  attempts: 'd.attempts',
  nextAttemptAt: 'd.next_attempt_at',
} as const satisfies Record<WebhookDeliverySortKey, string>;

export async function listDeliveries(
  db: DbOrTrx,
  f: DeliveryFilter,
  sorting: Sorting<WebhookDeliverySortKey>,
  page: { offset: number; limit: number },
) {
  let q = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .where('d.distributor_id', '=', f.distributorId);
  if (f.endpointId) q = q.where('d.endpoint_id', '=', f.endpointId);
  if (f.status) q = q.where('d.status', '=', f.status);
  const [rows, count] = await Promise.all([
    q
      .select([
        'd.id',
        'd.endpoint_id',
        'e.url',
        'd.event',
        'd.event_id',
        'd.is_test',
        'd.status',
        'd.attempts',
        'd.last_status_code',
        'd.last_error',
        'd.next_attempt_at',
        'd.created_at',
        'd.finished_at',
      ])
      .orderBy(DELIVERY_ORDER[sorting.sort], sorting.dir)
      // Ties (same event, status…) newest first, then by id, so paging never repeats or skips a row.
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findDelivery(db: DbOrTrx, distributorId: string, id: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.endpoint_id',
      'e.url',
      'd.event',
      'd.event_id',
      'd.is_test',
      'd.status',
      'd.attempts',
      'd.last_status_code',
      'd.last_error',
      'd.next_attempt_at',
      'd.created_at',
      'd.finished_at',
    ])
    .where('d.distributor_id', '=', distributorId)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export type DeliveryListRow = Awaited<ReturnType<typeof listDeliveries>>['rows'][number];

export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  event: string;
  payload: string;
  attempts: number;
}

export async function claimDueDeliveries(db: DbOrTrx, token: string, now: string, limit: number): Promise<ClaimedDelivery[]> {
  let due = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit);
  if (dialectOf(db) === 'postgres') due = due.forUpdate().skipLocked();
  return db
    .updateTable('webhook_deliveries')
    .set({ status: 'sending', claim_token: token, claimed_at: now, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', due)
    .where('status', '=', 'queued')
    .returning(['id', 'endpoint_id', 'event', 'payload', 'attempts'])
    .execute();
}

export async function endpointsByIds(db: DbOrTrx, ids: readonly string[]) {
  if (!ids.length) return [];
  return db.selectFrom('webhook_endpoints').select(['id', 'url', 'secret_encrypted']).where('id', 'in', ids).execute();
}

export async function requeueStaleClaims(db: DbOrTrx, claimedBefore: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'queued', claim_token: null })
    .where('status', '=', 'sending')
    .where('claimed_at', '<', claimedBefore)
    .execute();
}

export interface DeliveryFinish {
  status: 'queued' | 'delivered' | 'failed';
  statusCode: number | null;
  lastError: string | null;
  nextAttemptAt?: string;
  at: string;
}

export async function finishDelivery(db: DbOrTrx, id: string, token: string, f: DeliveryFinish): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: f.status,
      claim_token: null,
      last_status_code: f.statusCode,
      last_error: f.lastError,
      ...(f.status === 'queued' ? { next_attempt_at: f.nextAttemptAt ?? f.at } : { finished_at: f.at }),
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

export async function nextDueAt(db: DbOrTrx): Promise<string | null> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.min('next_attempt_at').as('at'))
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}

/** Forgets finished deliveries older than `before` (the history keeps 30 days). */
export async function pruneDeliveries(db: DbOrTrx, before: string): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('finished_at', 'is not', null).where('finished_at', '<', before).execute();
}
