// The webhook worker: one per API instance, started with the app. It claims due deliveries from the database
// queue (webhooks.repository.ts), signs and POSTs them a few at a time off the request path, and records each
// outcome by the rules of webhook-delivery.ts (retry with doubling waits, give up after maxAttempts).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { now, nowIso } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { startJobLoop, type JobLoop } from '../../platform/job-loop.ts';
import { decide, decryptSecret, sendWebhook, type Sender } from './webhook-delivery.ts';
import {
  claimDueDeliveries,
  endpointsByIds,
  finishDelivery,
  nextDueAt,
  pruneDeliveries,
  requeueStaleClaims,
  type ClaimedDelivery,
} from './webhooks.repository.ts';
import { WEBHOOK_QUEUE, type WebhookContext } from './webhooks.service.ts';

const BATCH = 20;
const CONCURRENCY = 4;
const IDLE_POLL_MS = 15_000;
/** Longer than any send (10 s time-out): a claim this old is a worker that stopped mid-send. */
const STALE_CLAIM_MS = 5 * 60_000;
const KEEP_HISTORY_MS = 30 * 24 * 60 * 60_000;

export function startWebhookWorker(
  app: FastifyInstance,
  db: Db,
  ctx: WebhookContext,
  options: { sender?: Sender } = {},
): JobLoop {
  const send = options.sender ?? sendWebhook;
  const log = app.log.child({ module: 'webhook-worker' });
  let lastHousekeeping = 0;

  async function handle(job: ClaimedDelivery, token: string, endpoint: { url: string; secret_encrypted: string } | undefined) {
    const at = nowIso();
    if (!endpoint) {
      await finishDelivery(db, job.id, token, { status: 'failed', statusCode: null, lastError: 'The endpoint was deleted', at });
      return;
    }
    const secret = decryptSecret(endpoint.secret_encrypted, ctx.appSecret);
    const outcome = await send(
      { id: job.id, url: endpoint.url, event: job.event, payload: job.payload, secret },
      ctx.mode,
      Math.floor(now().getTime() / 1000),
    );
    const decision = decide(outcome, job.attempts);
    const done = nowIso();
    if (decision.action === 'delivered') {
      await finishDelivery(db, job.id, token, {
        status: 'delivered',
        statusCode: decision.statusCode,
        lastError: null,
        at: done,
      });
    } else if (decision.action === 'retry') {
      await finishDelivery(db, job.id, token, {
        status: 'queued',
        statusCode: decision.statusCode,
        lastError: decision.reason,
        nextAttemptAt: new Date(now().getTime() + decision.delayMs).toISOString(),
        at: done,
      });
    } else {
      await finishDelivery(db, job.id, token, {
        status: 'failed',
        statusCode: decision.statusCode,
        lastError: decision.reason,
        at: done,
      });
      log.warn({ deliveryId: job.id, reason: decision.reason }, 'webhook delivery gave up');
    }
  }

  return startJobLoop({
    name: WEBHOOK_QUEUE,
    db,
    log,
    batch: BATCH,
    idlePollMs: IDLE_POLL_MS,
    nextDueAt: () => nextDueAt(db),
    async housekeeping() {
      const t = now().getTime();
      if (t - lastHousekeeping < 60_000) return;
      await requeueStaleClaims(db, new Date(t - STALE_CLAIM_MS).toISOString());
      await pruneDeliveries(db, new Date(t - KEEP_HISTORY_MS).toISOString());
      lastHousekeeping = t;
    },
    async runBatch() {
      const token = newId();
      const jobs = await claimDueDeliveries(db, token, nowIso(), BATCH);
      if (!jobs.length) return 0;
      const endpoints = new Map((await endpointsByIds(db, [...new Set(jobs.map((j) => j.endpoint_id))])).map((e) => [e.id, e]));
      let next = 0;
      const lane = async () => {
        while (next < jobs.length) {
          const job = jobs[next++]!;
          try {
            await handle(job, token, endpoints.get(job.endpoint_id));
          } catch (err) {
            // The claim stays: housekeeping requeues it after STALE_CLAIM_MS.
            log.error({ err, deliveryId: job.id }, 'webhook delivery could not be recorded');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, jobs.length) }, lane));
      return jobs.length;
    },
  });
}
