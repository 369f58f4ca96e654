// The outbox: every message to a user (codes today, notices later) is stored first, then delivered:
// by SMTP when SMTP_URL is set (e-mail), printed to the console in demo mode, otherwise only stored.
// Delivery runs after the answer is sent, so a known address answers as fast as an unknown one.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../clock.ts';
import { newId } from '../ids.ts';
import { sendEmail } from './smtp.ts';

export type Channel = 'email' | 'sms';

export interface OutgoingMessage {
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
  /**
   * The From header of an e-mail, e.g. `"Golden State" <office@example.com>` (the distributor's e-mail
   * sender setting, resolved by the caller); absent or null: SMTP_URL's default sender.
   */
  sender?: string | null;
}

export interface OutboxDeps {
  db: Db;
  config: Pick<Config, 'mode' | 'smtpUrl' | 'publicUrl'>;
  log: FastifyBaseLogger;
}

const inFlight = new WeakMap<Db, Set<Promise<void>>>();

/** Stores the message and starts its delivery; returns the outbox id. */
export async function queueMessage(deps: OutboxDeps, msg: OutgoingMessage): Promise<string> {
  const id = newId();
  await deps.db
    .insertInto('outbox_messages')
    .values({
      id,
      channel: msg.channel,
      recipient: msg.recipient,
      subject: msg.subject,
      body: msg.body,
      sender: msg.sender ?? null,
      status: 'pending',
      error: null,
      created_at: nowIso(),
      sent_at: null,
    })
    .execute();

  const pending = inFlight.get(deps.db) ?? new Set<Promise<void>>();
  inFlight.set(deps.db, pending);
  const delivery = deliver(deps, id, msg).catch((err: unknown) =>
    deps.log.error({ err, outboxId: id }, 'outbox delivery failed'),
  );
  pending.add(delivery);
  void delivery.finally(() => pending.delete(delivery));
  return id;
}

async function deliver(deps: OutboxDeps, id: string, msg: OutgoingMessage): Promise<void> {
  const { config, db } = deps;
  if (config.mode === 'demo') {
    console.log(`\n[outbox] ${msg.channel} to ${msg.recipient}: ${msg.subject}\n${msg.body}\n`);
  }
  if (msg.channel === 'email' && config.smtpUrl) {
    try {
      await sendEmail({
        smtpUrl: config.smtpUrl,
        publicUrl: config.publicUrl,
        to: msg.recipient,
        subject: msg.subject,
        text: msg.body,
        from: msg.sender ?? undefined,
      });
      await db.updateTable('outbox_messages').set({ status: 'sent', sent_at: nowIso() }).where('id', '=', id).execute();
    } catch (err) {
      await db
        .updateTable('outbox_messages')
        .set({ status: 'failed', error: String((err as Error)?.message ?? err).slice(0, 500) })
        .where('id', '=', id)
        .execute();
      deps.log.warn({ err, outboxId: id }, 'smtp delivery failed');
    }
    return;
  }
  if (config.mode === 'demo') {
    await db.updateTable('outbox_messages').set({ status: 'logged', sent_at: nowIso() }).where('id', '=', id).execute();
  }
  // Test and production without a gateway for this channel: the row stays pending.
}

/** Waits for deliveries started on this database (before closing it). */
export async function flushOutbox(db: Db): Promise<void> {
  const pending = inFlight.get(db);
  if (pending) await Promise.allSettled([...pending]);
}

/** Latest messages for one recipient, newest first. */
export function listOutboxFor(db: Db, recipient: string, limit = 20) {
  return db
    .selectFrom('outbox_messages')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'sender', 'status', 'created_at', 'sent_at'])
    .where('recipient', '=', recipient)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
