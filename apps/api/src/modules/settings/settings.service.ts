// The distributor's settings (issue 16 §4). Company details and logo live on the distributors row, which
// every reader of the distributor already reads (sign-in's logo and D_Name, the information strip, order
// PDFs, the contact notice's address); the rest are keys of the settings table, one per concern, each
// read where it applies:
//   time_zone           order PDFs' dates (orders)
//   new_store_defaults  terms of a store created without them (retailers: office add, sign-up approval)
//   delivery_charge     the distributor's rule for stores on 'standard' (cart's deliveryChargeFor)
//   order_number_format new orders' numbers (orders' placeOrder); numbers already given never change
//   email_sender        the From of every e-mail queued for the distributor (outbox)
//   self_registration   whether /auth/signup accepts new stores (auth)
//   late_orders         an order after its cut-off: next delivery day or late queue (calendar, orders)
//   purchasing          the sales window and cover days of high demand and suggested purchase orders
// An absent key means the default below, so a distributor that never saved settings behaves as before.
import {
  DELIVERY_CHARGE_SETTING_KEY,
  deliveryChargeSettingSchema,
  type DeliveryChargeSetting,
} from '@portal/shared/pricing/delivery-charge';
import {
  DEFAULT_ORDER_NUMBER_FORMAT,
  FIRST_ORDER_SEQUENCE,
  NO_STORE_DEFAULTS,
  ORDER_NUMBER_SEQUENCE,
  SETTINGS_MESSAGES,
  emailSenderSchema,
  formatOrderNumber,
  isTimeZone,
  newStoreDefaultsSchema,
  orderNumberFormatSchema,
  type DeliveryChargeEdit,
  type EmailSender,
  type NewStoreDefaults,
  type OrderNumberFormat,
  type Settings,
  type SettingsValues,
} from '@portal/shared/settings/settings.schemas';
import { DEFAULT_PURCHASING_SETTINGS, type PurchasingSettings } from '@portal/shared/purchase-orders/purchasing-rules';
import { purchasingSettingsSchema } from '@portal/shared/purchase-orders/purchase-orders.schemas';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { ownMediaUrlExists } from '../media/media.service.ts';
import {
  deleteSetting,
  findCompany,
  findSettingValue,
  findSettingValues,
  peekSequence,
  updateCompany,
  upsertSetting,
} from './settings.repository.ts';

export const SETTING_KEYS = {
  timeZone: 'time_zone',
  newStoreDefaults: 'new_store_defaults',
  deliveryCharge: DELIVERY_CHARGE_SETTING_KEY,
  orderNumberFormat: 'order_number_format',
  emailSender: 'email_sender',
  selfRegistration: 'self_registration',
  lateOrders: 'late_orders',
  purchasing: 'purchasing',
} as const;
const DEFAULT_TIME_ZONE = 'UTC';
const NO_SENDER: EmailSender = { fromName: '', fromAddress: '' };

/** A stored JSON value read through its schema; absent or malformed (never written by this module) → the default. */
function parsed<T>(raw: string | null | undefined, schema: z.ZodType<T>, fallback: T): T {
  if (raw == null) return fallback;
  try {
    const result = schema.safeParse(JSON.parse(raw));
    return result.success ? result.data : fallback;
  } catch {
    return fallback;
  }
}

const timeZoneOf = (raw: string | null | undefined): string => {
  try {
    const value = raw == null ? null : (JSON.parse(raw) as unknown);
    return typeof value === 'string' && isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
};

const booleanOf = (raw: string | null | undefined, fallback: boolean): boolean => {
  if (raw == null) return fallback;
  try {
    const v = JSON.parse(raw) as unknown;
    return typeof v === 'boolean' ? v : fallback;
  } catch {
    return fallback;
  }
};

function deliveryEditOf(raw: string | null | undefined): DeliveryChargeEdit {
  const s = parsed<DeliveryChargeSetting | null>(raw, deliveryChargeSettingSchema, null);
  if (!s) return { mode: 'none', flatCents: null, tiers: [], freeOverCents: null };
  return {
    mode: s.mode,
    flatCents: s.mode === 'flat' ? (s.flatCents ?? 0) : null,
    tiers: s.mode === 'by_order_value' ? [...(s.tiers ?? [])].sort((a, b) => a.minSubtotalCents - b.minSubtotalCents) : [],
    freeOverCents: s.freeOverCents ?? null,
  };
}

/** The stored form of the delivery rule (pricing/delivery-charge's setting); null: no charge. */
function deliverySettingOf(edit: DeliveryChargeEdit): DeliveryChargeSetting | null {
  if (edit.mode === 'none') return null;
  const free = edit.freeOverCents ?? null;
  if (edit.mode === 'flat') return { mode: 'flat', flatCents: edit.flatCents ?? 0, freeOverCents: free };
  return {
    mode: 'by_order_value',
    tiers: [...edit.tiers].sort((a, b) => a.minSubtotalCents - b.minSubtotalCents),
    freeOverCents: free,
  };
}

export async function getSettings(db: DbOrTrx, distributorId: string): Promise<Settings> {
  const [company, values, sequence] = await Promise.all([
    findCompany(db, distributorId),
    findSettingValues(db, distributorId, Object.values(SETTING_KEYS)),
    peekSequence(db, ORDER_NUMBER_SEQUENCE),
  ]);
  if (!company) throw notFound('Distributor not found');
  const raw = (key: string) => values.get(key)?.value;
  const orderNumberFormat = parsed(raw(SETTING_KEYS.orderNumberFormat), orderNumberFormatSchema, DEFAULT_ORDER_NUMBER_FORMAT);
  const stamps = [...values.values()].map((v) => v.updated_at).sort();
  return {
    company: {
      name: company.name,
      companyName: company.company_name,
      email: company.email ?? '',
      phone: company.phone ?? '',
      addr1: company.addr1 ?? '',
      city: company.city ?? '',
      state: company.state ?? '',
      zip: company.zip ?? '',
      logoUrl: company.logo_url,
    },
    timeZone: timeZoneOf(raw(SETTING_KEYS.timeZone)),
    newStoreDefaults: parsed(raw(SETTING_KEYS.newStoreDefaults), newStoreDefaultsSchema, NO_STORE_DEFAULTS),
    deliveryCharge: deliveryEditOf(raw(SETTING_KEYS.deliveryCharge)),
    orderNumberFormat,
    emailSender: parsed(raw(SETTING_KEYS.emailSender), emailSenderSchema, NO_SENDER),
    selfRegistration: booleanOf(raw(SETTING_KEYS.selfRegistration), true),
    nextOrderNumberExample: formatOrderNumber(orderNumberFormat, sequence == null ? FIRST_ORDER_SEQUENCE : sequence + 1),
    updatedAt: stamps.at(-1) ?? null,
  };
}

/** The settings as the audit log records them (the form's names; the delivery rule as one JSON text). */
function auditView(s: Settings): Record<string, unknown> {
  return {
    ...Object.fromEntries(Object.entries(s.company).map(([k, v]) => [`company.${k}`, v])),
    timeZone: s.timeZone,
    ...Object.fromEntries(Object.entries(s.newStoreDefaults).map(([k, v]) => [`newStoreDefaults.${k}`, v])),
    deliveryCharge: JSON.stringify(s.deliveryCharge),
    'orderNumberFormat.prefix': s.orderNumberFormat.prefix,
    'orderNumberFormat.padding': s.orderNumberFormat.padding,
    'emailSender.fromName': s.emailSender.fromName,
    'emailSender.fromAddress': s.emailSender.fromAddress,
    selfRegistration: s.selfRegistration,
  };
}

/**
 * Replaces every setting at once, in one transaction with its audit entry. The logo must be an upload
 * of this portal that is still in storage (the upload checked its bytes); an unchanged logo is not
 * looked up again.
 */
export async function saveSettings(
  db: Db,
  config: Pick<Config, 'media'>,
  actor: Actor,
  input: SettingsValues,
): Promise<Settings> {
  const before = await getSettings(db, actor.distributorId);
  const logo = input.company.logoUrl;
  if (logo && logo !== before.company.logoUrl && !(await ownMediaUrlExists(config, logo))) {
    throw badRequest(SETTINGS_MESSAGES.logoMissing, { 'company.logoUrl': SETTINGS_MESSAGES.logoMissing });
  }
  const at = nowIso();
  const c = input.company;
  const blank = (v: string) => (v ? v : null);
  await db.transaction().execute(async (trx) => {
    await updateCompany(trx, actor.distributorId, {
      name: c.name,
      company_name: c.companyName,
      email: blank(c.email),
      phone: blank(c.phone),
      addr1: blank(c.addr1),
      city: blank(c.city),
      state: blank(c.state),
      zip: blank(c.zip),
      logo_url: logo,
    });
    const put = (key: string, value: unknown) => upsertSetting(trx, actor.distributorId, key, JSON.stringify(value), at);
    await put(SETTING_KEYS.timeZone, input.timeZone);
    await put(SETTING_KEYS.newStoreDefaults, input.newStoreDefaults);
    const delivery = deliverySettingOf(input.deliveryCharge);
    if (delivery) await put(SETTING_KEYS.deliveryCharge, delivery);
    else await deleteSetting(trx, actor.distributorId, SETTING_KEYS.deliveryCharge);
    await put(SETTING_KEYS.orderNumberFormat, input.orderNumberFormat);
    await put(SETTING_KEYS.emailSender, input.emailSender);
    await put(SETTING_KEYS.selfRegistration, input.selfRegistration);
    const after = await getSettings(trx, actor.distributorId);
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'settings',
      entityId: actor.distributorId,
      action: 'updated',
      actor: { userId: actor.userId, name: actor.name },
      before: auditView(before),
      after: auditView(after),
    });
  });
  return getSettings(db, actor.distributorId);
}

// ---- read by other modules ----

/** Terms a new store starts with when the office leaves them out (modules/retailers). */
export async function newStoreDefaults(db: DbOrTrx, distributorId: string): Promise<NewStoreDefaults> {
  return parsed(
    await findSettingValue(db, distributorId, SETTING_KEYS.newStoreDefaults),
    newStoreDefaultsSchema,
    NO_STORE_DEFAULTS,
  );
}

/** Whether stores may sign up online (/auth/signup); open unless the distributor turned it off. */
export async function selfRegistrationOpen(db: DbOrTrx, distributorId: string): Promise<boolean> {
  return booleanOf(await findSettingValue(db, distributorId, SETTING_KEYS.selfRegistration), true);
}

/** How new order numbers are written (modules/orders reads it inside the placing transaction). */
export async function orderNumberFormat(db: DbOrTrx, distributorId: string): Promise<OrderNumberFormat> {
  return parsed(
    await findSettingValue(db, distributorId, SETTING_KEYS.orderNumberFormat),
    orderNumberFormatSchema,
    DEFAULT_ORDER_NUMBER_FORMAT,
  );
}

/** The distributor's IANA time zone (UTC when never set): the dates printed on its documents. */
export async function distributorTimeZone(db: DbOrTrx, distributorId: string): Promise<string> {
  return timeZoneOf(await findSettingValue(db, distributorId, SETTING_KEYS.timeZone));
}

/**
 * The From header of the distributor's e-mails, e.g. `"Golden State" <office@example.com>`, or null for
 * the server's default sender (no address set). The name falls back to the company's short name.
 */
export async function emailSenderOf(db: DbOrTrx, distributorId: string): Promise<string | null> {
  const [raw, company] = await Promise.all([
    findSettingValue(db, distributorId, SETTING_KEYS.emailSender),
    findCompany(db, distributorId),
  ]);
  const sender = parsed(raw, emailSenderSchema, NO_SENDER);
  if (!sender.fromAddress) return null;
  // The schema refuses quotes, angle brackets and line breaks in the sender name; the company name is
  // cleaned of them here: nothing can end the header or add another.
  const name = sender.fromName || (company?.name ?? '').replace(/[\r\n"<>]/g, '').trim();
  return name ? `"${name}" <${sender.fromAddress}>` : sender.fromAddress;
}

/** What happens to an order placed after its order day's cut-off: 'next' delivery day (default) or the late 'queue'. */
export async function lateOrderPolicy(db: DbOrTrx, distributorId: string): Promise<'next' | 'queue'> {
  const raw = await findSettingValue(db, distributorId, SETTING_KEYS.lateOrders);
  try {
    return raw != null && JSON.parse(raw) === 'queue' ? 'queue' : 'next';
  } catch {
    return 'next';
  }
}

export async function saveLateOrderPolicy(db: DbOrTrx, distributorId: string, policy: 'next' | 'queue'): Promise<void> {
  await upsertSetting(db, distributorId, SETTING_KEYS.lateOrders, JSON.stringify(policy), nowIso());
}

/** The purchasing settings (modules/purchase-orders): the defaults until the distributor saves its own. */
export async function purchasingSettingsOf(db: DbOrTrx, distributorId: string): Promise<PurchasingSettings> {
  return parsed(
    await findSettingValue(db, distributorId, SETTING_KEYS.purchasing),
    purchasingSettingsSchema,
    DEFAULT_PURCHASING_SETTINGS,
  );
}

/** Stores the purchasing settings (already validated) and audits the change. */
export async function savePurchasingSettings(db: Db, actor: Actor, value: PurchasingSettings): Promise<PurchasingSettings> {
  const before = await purchasingSettingsOf(db, actor.distributorId);
  await db.transaction().execute(async (trx) => {
    await upsertSetting(trx, actor.distributorId, SETTING_KEYS.purchasing, JSON.stringify(value), nowIso());
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'settings',
      entityId: actor.distributorId,
      action: 'updated',
      actor: { userId: actor.userId, name: actor.name },
      before: { purchasing: before },
      after: { purchasing: value },
    });
  });
  return value;
}
