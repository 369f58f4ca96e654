// Notifications by e-mail, the third channel beside the inbox and push: the kinds a user switched on (the
// push module keeps every channel's switches) go to the user's address through the outbox, after the
// notification is stored, from the distributor's sender. The outbox needs the app's config and log, which
// the app registers for its database (as the live bus): a job run from a script without an app sends none.
import type { FastifyInstance } from 'fastify';
import type { NotificationKind } from '@portal/shared/notifications/notifications.schemas';
import { databaseOf, type DbOrTrx } from '../../db/database.ts';
import { queueMessage, type OutboxDeps } from '../../platform/messaging/outbox.ts';
import { usersWantingEmail } from '../push/push.service.ts';
import { emailSenderOf } from '../settings/settings.service.ts';
import { activeEmailsOf } from './notifications.repository.ts';

const channels = new WeakMap<object, OutboxDeps>();

export function registerEmailChannel(app: FastifyInstance): void {
  const { db, config } = app.deps;
  channels.set(databaseOf(db), { db, config, log: app.log });
}

export interface EmailedNotification {
  distributorId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string | null;
}

/** The e-mail's text: the notification's body, then where to read it in the portal. */
export function emailText(n: Pick<EmailedNotification, 'body' | 'url'>, publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  const link = n.url?.startsWith('/') ? `${base}${n.url}` : `${base}/retailer/dashboard`;
  return [
    n.body,
    '',
    `Open it in the portal: ${link}`,
    '',
    'You get this e-mail because you chose it in your profile’s Notification settings.',
  ].join('\n');
}

/** E-mails the notification to those of its recipients who chose its kind by e-mail; returns how many. */
export async function emailNotification(db: DbOrTrx, n: EmailedNotification, userIds: readonly string[]): Promise<number> {
  const deps = channels.get(databaseOf(db));
  if (!deps) return 0;
  const wanting = await usersWantingEmail(db, userIds, n.kind);
  if (wanting.length === 0) return 0;
  const addresses = await activeEmailsOf(db, wanting);
  if (addresses.length === 0) return 0;
  const sender = await emailSenderOf(db, n.distributorId);
  const body = emailText(n, deps.config.publicUrl);
  for (const recipient of addresses) {
    await queueMessage(deps, { channel: 'email', recipient, subject: n.title, body, sender });
  }
  return addresses.length;
}
