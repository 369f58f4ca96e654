// All SQL of stories: the office's list with links and views, one story, writes (in the caller's
// transaction), the checks that a link or an audience value exists for the distributor, the stories a
// retailer sees now, and the viewed marks.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { StoryAudienceType, StoryMediaType } from '@portal/shared/stories/stories.schemas';
import type { DbOrTrx } from '../../db/database.ts';

export interface StoryDbRow {
  id: string;
  media_type: StoryMediaType;
  media_url: string;
  caption: string | null;
  is_active: number;
  created_at: string;
  starts_at: string;
  ends_at: string | null;
  audience: StoryAudienceType;
  product_id: string | null;
  product_item_number: string | null;
  product_name: string | null;
  promotion_id: string | null;
  promotion_title: string | null;
}

const storyColumns = [
  'stories.id',
  'stories.media_type',
  'stories.media_url',
  'stories.caption',
  'stories.is_active',
  'stories.created_at',
  'stories.starts_at',
  'stories.ends_at',
  'stories.audience',
  'products.id as product_id',
  'products.item_number as product_item_number',
  'products.description as product_name',
  'promotions.id as promotion_id',
  'promotions.title as promotion_title',
] as const;

function storiesWithLinks(db: DbOrTrx) {
  return db
    .selectFrom('stories')
    .leftJoin('products', 'products.id', 'stories.product_id')
    .leftJoin('promotions', 'promotions.id', 'stories.promotion_id');
}

/** One page of a distributor's stories that are not deleted, newest first, and how many there are. */
export async function listStoryRows(
  db: DbOrTrx,
  distributorId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: StoryDbRow[]; total: number }> {
  const rows = (await storiesWithLinks(db)
    .select(storyColumns)
    .where('stories.distributor_id', '=', distributorId)
    .where('stories.deleted_at', 'is', null)
    .orderBy('stories.created_at', 'desc')
    .orderBy('stories.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()) as StoryDbRow[];
  const count = await db
    .selectFrom('stories')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('distributor_id', '=', distributorId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** One story of the distributor that is not deleted, or undefined. */
export async function findStoryRow(db: DbOrTrx, distributorId: string, id: string): Promise<StoryDbRow | undefined> {
  return (await storiesWithLinks(db)
    .select(storyColumns)
    .where('stories.id', '=', id)
    .where('stories.distributor_id', '=', distributorId)
    .where('stories.deleted_at', 'is', null)
    .executeTakeFirst()) as StoryDbRow | undefined;
}

/** The audience values of these stories. */
export async function audienceRows(db: DbOrTrx, ids: readonly string[]): Promise<{ story_id: string; audience_value: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('story_audience')
    .select(['story_id', 'audience_value'])
    .where('story_id', 'in', ids)
    .orderBy('audience_value')
    .execute();
}

/** Which retailer users viewed these stories. */
export async function retailerViewRows(db: DbOrTrx, ids: readonly string[]): Promise<{ story_id: string; user_id: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('story_views')
    .innerJoin('users', 'users.id', 'story_views.user_id')
    .select(['story_views.story_id', 'story_views.user_id'])
    .where('story_views.story_id', 'in', ids)
    .where('users.role', '=', 'retailer')
    .execute();
}

export interface RetailerUserRow {
  user_id: string;
  customer_id: string;
  route_number: string | null;
  order_day: number;
}

/**
 * The distributor's active retailer users of active stores: who an audience can hold. With `only`, just
 * the members of that audience (filtered in SQL: a system notification to one store reads one store).
 */
export async function activeRetailerUsers(
  db: DbOrTrx,
  distributorId: string,
  only?: { type: StoryAudienceType; values: readonly string[] },
): Promise<RetailerUserRow[]> {
  let query = db
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select(['users.id as user_id', 'customers.id as customer_id', 'customers.route_number', 'customers.order_day'])
    .where('users.distributor_id', '=', distributorId)
    .where('users.role', '=', 'retailer')
    .where('users.is_active', '=', 1)
    .where('customers.is_active', '=', 1);
  if (only && only.type !== 'all') {
    if (only.values.length === 0) return [];
    if (only.type === 'routes') query = query.where('customers.route_number', 'in', only.values);
    // By the users' own column, so the look-up of one store's users goes through users_customer_idx.
    else if (only.type === 'customers') query = query.where('users.customer_id', 'in', only.values);
    else query = query.where('customers.order_day', 'in', only.values.map(Number));
  }
  return (await query.orderBy('users.id').execute()) as RetailerUserRow[];
}

export interface NewStoryRow {
  id: string;
  distributor_id: string;
  media_type: StoryMediaType;
  media_url: string;
  caption: string | null;
  is_active: number;
  created_by_user_id: string;
  created_at: string;
  starts_at: string;
  ends_at: string | null;
  audience: StoryAudienceType;
  product_id: string | null;
  promotion_id: string | null;
}

export async function insertStory(trx: DbOrTrx, row: NewStoryRow, audience: readonly string[]): Promise<void> {
  await trx
    .insertInto('stories')
    .values({ ...row, deleted_at: null, updated_at: null })
    .execute();
  if (audience.length > 0) {
    await trx
      .insertInto('story_audience')
      .values(audience.map((audience_value) => ({ story_id: row.id, audience_value })))
      .execute();
  }
}

export async function updateStoryState(
  db: DbOrTrx,
  id: string,
  state: { is_active: number; deleted_at: string | null; updated_at: string },
): Promise<void> {
  await db.updateTable('stories').set(state).where('id', '=', id).execute();
}

/** The product's id when it is one of the distributor's active products. */
export async function activeProductExists(db: DbOrTrx, distributorId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', id)
    .where('distributor_id', '=', distributorId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function promotionExists(db: DbOrTrx, distributorId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('promotions')
    .select('id')
    .where('id', '=', id)
    .where('distributor_id', '=', distributorId)
    .executeTakeFirst();
  return Boolean(row);
}

/** Of these values, the route numbers or customer ids the distributor's stores have. */
export async function knownAudienceValues(
  db: DbOrTrx,
  distributorId: string,
  type: 'routes' | 'customers',
  values: readonly string[],
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const column = type === 'routes' ? 'route_number' : 'id';
  const rows = await db
    .selectFrom('customers')
    .select(`${column} as value`)
    .distinct()
    .where('distributor_id', '=', distributorId)
    .where(column, 'in', values)
    .execute();
  return new Set(rows.map((r) => String(r.value)));
}

/** The store facts an audience is matched on. */
export async function retailerStore(
  db: DbOrTrx,
  customerId: string,
): Promise<{ id: string; route_number: string | null; order_day: number } | undefined> {
  return db.selectFrom('customers').select(['id', 'route_number', 'order_day']).where('id', '=', customerId).executeTakeFirst();
}

export interface VisibleStoryRow extends StoryDbRow {
  viewed_at: string | null;
  product_active: number | null;
}

/**
 * The stories a retailer user sees at `now`: the distributor's, active, not deleted, started and not
 * ended, whose audience holds the store (all; its route; its order day; the store itself), newest first,
 * with this user's viewed mark. `onlyId` narrows to one story.
 */
export async function visibleStoryRows(
  db: DbOrTrx,
  who: { distributorId: string; userId: string; customerId: string; route: string | null; orderDay: number },
  now: string,
  onlyId?: string,
): Promise<VisibleStoryRow[]> {
  let query = storiesWithLinks(db)
    .leftJoin('story_views', (join) =>
      join.onRef('story_views.story_id', '=', 'stories.id').on('story_views.user_id', '=', who.userId),
    )
    .select([...storyColumns, 'story_views.viewed_at', 'products.is_active as product_active'])
    .where('stories.distributor_id', '=', who.distributorId)
    .where('stories.is_active', '=', 1)
    .where('stories.deleted_at', 'is', null)
    .where('stories.starts_at', '<=', now)
    .where((eb) => eb.or([eb('stories.ends_at', 'is', null), eb('stories.ends_at', '>', now)]))
    .where((eb) => {
      const holds = (type: StoryAudienceType, value: string): Expression<SqlBool> =>
        eb.and([
          eb('stories.audience', '=', type),
          eb.exists(
            eb
              .selectFrom('story_audience')
              .select(sql`1`.as('one'))
              .whereRef('story_audience.story_id', '=', 'stories.id')
              .where('story_audience.audience_value', '=', value),
          ),
        ]);
      const branches: Expression<SqlBool>[] = [
        eb('stories.audience', '=', 'all'),
        holds('orderDays', String(who.orderDay)),
        holds('customers', who.customerId),
      ];
      if (who.route) branches.push(holds('routes', who.route));
      return eb.or(branches);
    })
    .orderBy('stories.created_at', 'desc')
    .orderBy('stories.id', 'desc');
  if (onlyId) query = query.where('stories.id', '=', onlyId);
  return (await query.execute()) as VisibleStoryRow[];
}

/** Records that the user viewed the story (once: the first view's time is kept); answers that time. */
export async function markStoryViewed(db: DbOrTrx, storyId: string, userId: string, at: string): Promise<string> {
  await db
    .insertInto('story_views')
    .values({ story_id: storyId, user_id: userId, viewed_at: at })
    .onConflict((oc) => oc.columns(['story_id', 'user_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('story_views')
    .select('viewed_at')
    .where('story_id', '=', storyId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.viewed_at;
}
