// Stories: the distributor publishes them (file checked and stored through the media module, schedule,
// audience, a product or promotion link), switches them on and off and soft-deletes them, and sees who
// has seen each; a retailer sees the running stories of its audience and marks each one viewed.
import {
  STORY_MESSAGES,
  audienceValueList,
  storyCreateFields,
  type OfficeStory,
  type OfficeStoryList,
  type RetailerStory,
  type StoryAudienceType,
  type StoryUpdateBody,
  type storyListQuery,
} from '@portal/shared/stories/stories.schemas';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { badRequest, forbidden, notFound, type AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { saveStoryMedia, type UploadForm } from '../media/media.service.ts';
import {
  activeProductExists,
  activeRetailerUsers,
  audienceRows,
  findStoryRow,
  insertStory,
  knownAudienceValues,
  listStoryRows,
  markStoryViewed,
  promotionExists,
  retailerStore,
  retailerViewRows,
  updateStoryState,
  visibleStoryRows,
  type RetailerUserRow,
  type StoryDbRow,
} from './stories.repository.ts';

const ORDER_DAYS = new Set(['1', '2', '3', '4', '5', '6', '7']);

/** A story as its audit entries show it (entity `story`): what the office chose when publishing. */
function auditView(
  row: Pick<
    StoryDbRow,
    'media_type' | 'media_url' | 'caption' | 'is_active' | 'starts_at' | 'ends_at' | 'audience' | 'product_id' | 'promotion_id'
  >,
  audience: readonly string[],
): Record<string, unknown> {
  return {
    mediaType: row.media_type,
    mediaUrl: row.media_url,
    caption: row.caption,
    isActive: Boolean(row.is_active),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    audience: row.audience === 'all' ? 'all' : `${row.audience}: ${audience.join(', ')}`,
    productId: row.product_id,
    promotionId: row.promotion_id,
  };
}

const auditActor = (actor: Actor) => ({ userId: actor.userId, name: actor.name });

function fieldsError(issues: readonly { path: PropertyKey[]; message: string }[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  return badRequest(issues[0]?.message ?? 'The story is not valid', fields);
}

/** The audience values checked against the distributor's stores (routes and customers) or the week. */
async function checkedAudience(
  db: Db,
  distributorId: string,
  type: StoryAudienceType,
  text: string | undefined,
): Promise<string[]> {
  return checkAudienceValues(db, distributorId, type, audienceValueList(text));
}

/**
 * The one audience rule of the portal (stories and notifications): `all` has no values; order days are
 * 1 (Monday) to 7 (Sunday); routes and customers must be the distributor's. Answers the values, or a 400
 * naming the first wrong one.
 */
export async function checkAudienceValues(
  db: Db,
  distributorId: string,
  type: StoryAudienceType,
  values: readonly string[],
): Promise<string[]> {
  if (type === 'all') return [];
  if (values.length === 0)
    throw badRequest(STORY_MESSAGES.audienceValuesRequired, { audienceValues: STORY_MESSAGES.audienceValuesRequired });
  if (values.length > 500) throw badRequest('Choose at most 500 values', { audienceValues: 'Choose at most 500 values' });
  if (type === 'orderDays') {
    const bad = values.find((v) => !ORDER_DAYS.has(v));
    if (bad !== undefined)
      throw badRequest('Order days are 1 (Monday) to 7 (Sunday)', { audienceValues: 'Order days are 1 (Monday) to 7 (Sunday)' });
    return [...values];
  }
  const known = await knownAudienceValues(db, distributorId, type, values);
  const missing = values.find((v) => !known.has(v));
  if (missing !== undefined) {
    const message = type === 'routes' ? `No store is on route ${missing.slice(0, 20)}` : 'A chosen store was not found';
    throw badRequest(message, { audienceValues: message });
  }
  return [...values];
}

/** The retailer users an audience holds now: active logins of the distributor's active stores. */
export function audienceMembers(
  db: DbOrTrx,
  distributorId: string,
  type: StoryAudienceType,
  values: readonly string[],
): Promise<RetailerUserRow[]> {
  return activeRetailerUsers(db, distributorId, { type, values });
}

/** POST /distrubutor/stories: the form's fields, then the file, then one insert with its audience. */
export async function createStory(db: Db, config: Pick<Config, 'media'>, actor: Actor, form: UploadForm): Promise<OfficeStory> {
  if (form.fields.mediaType === undefined) {
    throw badRequest(STORY_MESSAGES.mediaTypeRequired, { mediaType: STORY_MESSAGES.mediaTypeRequired });
  }
  const parsed = storyCreateFields.safeParse(form.fields);
  if (!parsed.success) throw fieldsError(parsed.error.issues);
  const input = parsed.data;
  if (!form.file) throw badRequest(STORY_MESSAGES.mediaRequired, { media: STORY_MESSAGES.mediaRequired });
  const distributorId = actor.distributorId;
  const audienceType = input.audienceType ?? 'all';
  const audience = await checkedAudience(db, distributorId, audienceType, input.audienceValues);
  if (input.productId && !(await activeProductExists(db, distributorId, input.productId))) {
    throw badRequest(STORY_MESSAGES.productNotFound, { productId: STORY_MESSAGES.productNotFound });
  }
  if (input.promotionId && !(await promotionExists(db, distributorId, input.promotionId))) {
    throw badRequest(STORY_MESSAGES.promotionNotFound, { promotionId: STORY_MESSAGES.promotionNotFound });
  }
  const now = nowIso();
  if (!input.startsAt && input.endsAt && input.endsAt <= now) {
    throw badRequest(STORY_MESSAGES.endsBeforeStart, { endsAt: STORY_MESSAGES.endsBeforeStart });
  }
  // Stored before the row: a file under its content hash that no row names is harmless (the same bytes
  // uploaded again reuse it), where a row naming a missing file would show a broken story.
  const media = await saveStoryMedia(config, form.file, input.mediaType);
  const id = newId();
  const row = {
    id,
    distributor_id: distributorId,
    media_type: input.mediaType,
    media_url: media.url,
    caption: input.caption || null,
    is_active: 1,
    created_by_user_id: actor.userId,
    created_at: now,
    starts_at: input.startsAt ?? now,
    ends_at: input.endsAt ?? null,
    audience: audienceType,
    product_id: input.productId ?? null,
    promotion_id: input.promotionId ?? null,
  };
  await db.transaction().execute(async (trx) => {
    await insertStory(trx, row, audience);
    await recordAudit(trx, {
      distributorId,
      entityType: 'story',
      entityId: id,
      action: 'created',
      actor: auditActor(actor),
      before: null,
      after: auditView(row, audience),
    });
  });
  return (await officeStories(db, distributorId, [(await findStoryRow(db, distributorId, id))!]))[0]!;
}

function statusOf(row: StoryDbRow, now: string): OfficeStory['status'] {
  if (!row.is_active) return 'inactive';
  if (row.starts_at > now) return 'scheduled';
  if (row.ends_at && row.ends_at <= now) return 'ended';
  return 'running';
}

function inAudience(user: RetailerUserRow, type: StoryAudienceType, values: ReadonlySet<string>): boolean {
  switch (type) {
    case 'all':
      return true;
    case 'routes':
      return user.route_number !== null && values.has(user.route_number);
    case 'orderDays':
      return values.has(String(user.order_day));
    case 'customers':
      return values.has(user.customer_id);
  }
}

/** The office's view of these stories: audience values, seen-by count, audience size and completion. */
async function officeStories(db: Db, distributorId: string, rows: readonly StoryDbRow[]): Promise<OfficeStory[]> {
  const ids = rows.map((r) => r.id);
  const [audience, views, retailers] = await Promise.all([
    audienceRows(db, ids),
    retailerViewRows(db, ids),
    rows.length > 0 ? activeRetailerUsers(db, distributorId) : Promise.resolve([]),
  ]);
  const valuesOf = new Map<string, string[]>();
  for (const a of audience) valuesOf.set(a.story_id, [...(valuesOf.get(a.story_id) ?? []), a.audience_value]);
  const viewersOf = new Map<string, Set<string>>();
  for (const v of views) viewersOf.set(v.story_id, (viewersOf.get(v.story_id) ?? new Set()).add(v.user_id));
  const now = nowIso();
  return rows.map((row) => {
    const values = valuesOf.get(row.id) ?? [];
    const valueSet = new Set(values);
    const viewers = viewersOf.get(row.id) ?? new Set<string>();
    const members = retailers.filter((u) => inAudience(u, row.audience, valueSet));
    const seenInAudience = members.filter((u) => viewers.has(u.user_id)).length;
    return {
      id: row.id,
      mediaType: row.media_type,
      mediaUrl: row.media_url,
      caption: row.caption,
      isActive: Boolean(row.is_active),
      createdAt: row.created_at,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      status: statusOf(row, now),
      audience: { type: row.audience, values },
      product: row.product_id
        ? { id: row.product_id, itemNumber: row.product_item_number ?? '', name: row.product_name ?? '' }
        : null,
      promotion: row.promotion_id ? { id: row.promotion_id, title: row.promotion_title ?? '' } : null,
      seenBy: viewers.size,
      audienceSize: members.length,
      completion: members.length === 0 ? 0 : Math.floor((seenInAudience * 100) / members.length),
    };
  });
}

/** GET /distrubutor/stories: the distributor's stories that are not deleted, newest first, paged. */
export async function listStories(db: Db, actor: Actor, query: z.output<typeof storyListQuery>): Promise<OfficeStoryList> {
  const { rows, total } = await listStoryRows(db, actor.distributorId, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return { items: await officeStories(db, actor.distributorId, rows), total, page: query.page, limit: query.limit };
}

/**
 * PUT /distrubutor/stories/{id}: switch on or off; `deleted` soft-deletes (inactive, gone from the list,
 * views kept). The deleted permission is needed to delete, edit to switch.
 */
export async function updateStory(
  db: Db,
  actor: Actor,
  id: string,
  body: StoryUpdateBody,
  canDelete: () => Promise<boolean>,
): Promise<OfficeStory | null> {
  const row = await findStoryRow(db, actor.distributorId, id);
  if (!row) throw notFound(STORY_MESSAGES.notFound);
  const at = nowIso();
  const audit = { distributorId: actor.distributorId, entityType: 'story' as const, entityId: id, actor: auditActor(actor) };
  if (body.deleted) {
    if (!(await canDelete())) throw forbidden('You do not have delete permission for Stories');
    const audience = (await audienceRows(db, [id])).map((a) => a.audience_value);
    await db.transaction().execute(async (trx) => {
      await updateStoryState(trx, id, { is_active: 0, deleted_at: at, updated_at: at });
      await recordAudit(trx, { ...audit, action: 'deleted', before: auditView(row, audience), after: null });
    });
    return null;
  }
  const active = body.isActive ? 1 : 0;
  await db.transaction().execute(async (trx) => {
    await updateStoryState(trx, id, { is_active: active, deleted_at: null, updated_at: at });
    // A switch to the state the story already has changes nothing and is not recorded.
    if (Boolean(row.is_active) !== Boolean(active)) {
      await recordAudit(trx, {
        ...audit,
        action: active ? 'activated' : 'deactivated',
        before: { isActive: Boolean(row.is_active) },
        after: { isActive: Boolean(active) },
      });
    }
  });
  return (await officeStories(db, actor.distributorId, [{ ...row, is_active: body.isActive ? 1 : 0 }]))[0]!;
}

async function storeOf(db: Db, actor: Actor) {
  const store = actor.customerId ? await retailerStore(db, actor.customerId) : undefined;
  if (!store) throw forbidden('This account is not linked to a store');
  return {
    distributorId: actor.distributorId,
    userId: actor.userId,
    customerId: store.id,
    route: store.route_number,
    orderDay: store.order_day,
  };
}

/** GET /retailer/story: the running stories of the retailer's audience, newest first, with its viewed marks. */
export async function retailerStories(db: Db, actor: Actor): Promise<RetailerStory[]> {
  const rows = await visibleStoryRows(db, await storeOf(db, actor), nowIso());
  return rows.map((row) => ({
    id: row.id,
    mediaType: row.media_type,
    mediaUrl: row.media_url,
    caption: row.caption,
    isActive: true,
    createdAt: row.created_at,
    viewed: row.viewed_at !== null,
    // A link to a product no longer sold is not offered ("Add to cart" would fail).
    product:
      row.product_id && row.product_active
        ? { id: row.product_id, itemNumber: row.product_item_number ?? '', name: row.product_name ?? '' }
        : null,
    promotion: row.promotion_id ? { id: row.promotion_id, title: row.promotion_title ?? '' } : null,
  }));
}

/** PUT /retailer/story/{id}: marks a story this retailer can see as viewed (again: no change). */
export async function markViewed(db: Db, actor: Actor, id: string): Promise<{ id: string; viewed: true; viewedAt: string }> {
  const [row] = await visibleStoryRows(db, await storeOf(db, actor), nowIso(), id);
  if (!row) throw notFound(STORY_MESSAGES.notFound);
  const viewedAt = await markStoryViewed(db, id, actor.userId, nowIso());
  return { id, viewed: true, viewedAt };
}
