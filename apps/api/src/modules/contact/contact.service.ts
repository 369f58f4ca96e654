// Contact requests: stored in contact_requests, then a notice is queued through the outbox to the
// distributor's office e-mail (distributors.email; without one the request is only stored).
// Two sources: the public /contact-us form and a signed-in retailer's message, which carries
// the store (its name, C_Number and customer id come from the record, not from the form).
import type { ContactRequestBody, ContactSent } from '@portal/shared/contact/contact.schemas';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { queueMessage, type OutboxDeps } from '../../platform/messaging/outbox.ts';
import { findCustomerById } from '../customers/customers.service.ts';
import { emailSenderOf } from '../settings/settings.service.ts';
import { findDefaultDistributor, findDistributorById, insertContactRequest } from './contact.repository.ts';

type Distributor = NonNullable<Awaited<ReturnType<typeof findDistributorById>>>;

interface Source {
  distributor: Distributor;
  customerId: string | null;
  userId: string | null;
  storeName: string | null;
  /** "10001 - Corner Mart #1" for a retailer's message. */
  storeLabel: string | null;
}

const blankToNull = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

async function store(deps: OutboxDeps, body: ContactRequestBody, source: Source): Promise<ContactSent> {
  const id = newId();
  const createdAt = nowIso();
  const phone = blankToNull(body.phone);
  await insertContactRequest(deps.db, {
    id,
    name: body.name,
    email: body.email,
    phone,
    message: body.message,
    created_at: createdAt,
    distributor_id: source.distributor.id,
    customer_id: source.customerId,
    user_id: source.userId,
    store_name: source.storeName,
  });

  const to = source.distributor.email;
  if (to) {
    const from = source.storeLabel ? `${source.storeLabel} (${body.name})` : body.name;
    const lines = [
      source.storeLabel
        ? `A message from a store, sent from the ordering portal.`
        : 'A contact request from the ordering portal (/contact-us).',
      '',
      `Name: ${body.name}`,
      ...(source.storeLabel ? [`Store: ${source.storeLabel}`] : source.storeName ? [`Store name: ${source.storeName}`] : []),
      `Email: ${body.email}`,
      `Phone: ${phone ?? '-'}`,
      `Received: ${createdAt}`,
      `Reference: ${id}`,
      '',
      body.message,
    ];
    await queueMessage(deps, {
      channel: 'email',
      recipient: to,
      sender: await emailSenderOf(deps.db, source.distributor.id),
      subject: `${source.storeLabel ? 'Message' : 'Contact request'} from ${from}`,
      body: lines.join('\n'),
    });
  } else {
    deps.log.warn(
      { contactRequestId: id, distributorId: source.distributor.id },
      'distributor has no e-mail: contact request stored only',
    );
  }
  return { id, createdAt };
}

/** POST /contact: the public form, for the installation's distributor. */
export async function submitContactRequest(deps: OutboxDeps, body: ContactRequestBody): Promise<ContactSent> {
  const distributor = await findDefaultDistributor(deps.db);
  if (!distributor) throw notFound('There is no distributor to contact');
  const storeName = blankToNull(body.storeName);
  return store(deps, body, { distributor, customerId: null, userId: null, storeName, storeLabel: null });
}

/** POST /retailer/contact: a signed-in retailer's message, linked to its store and user. */
export async function submitRetailerMessage(deps: OutboxDeps, actor: Actor, body: ContactRequestBody): Promise<ContactSent> {
  if (!actor.customerId) throw forbidden('This account is not linked to a store');
  const [customer, distributor] = await Promise.all([
    findCustomerById(deps.db, actor.customerId),
    findDistributorById(deps.db, actor.distributorId),
  ]);
  if (!customer || !distributor) throw notFound('Store not found');
  return store(deps, body, {
    distributor,
    customerId: customer.id,
    userId: actor.userId,
    storeName: customer.company_name,
    storeLabel: `${customer.c_number} - ${customer.company_name}`,
  });
}
