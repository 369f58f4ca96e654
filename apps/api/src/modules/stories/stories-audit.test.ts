// Stories are office changes like the others (docs/audit.md, docs/stories.md): publishing, switching on
// and off and deleting a story each write an audit entry (entity `story`) with who did it and the fields
// before and after, in the change's transaction; a refused change writes none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { addDistributorUser } from '../../../test/fixtures/admin-fixtures.ts';
import { createCatalogContext } from '../../../test/fixtures/catalog-fixtures.ts';
import { makeImage, multipart } from '../../../test/fixtures/media-fixtures.ts';

describe('stories: audit entries', () => {
  let ctx: TestContext;
  let admin: string;
  let viewOnly: string;

  const entries = async (storyId: string) =>
    (
      await ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_type', '=', 'story')
        .where('entity_id', '=', storyId)
        .orderBy('id')
        .execute()
    ).map((e) => ({
      distributorId: e.distributor_id,
      action: e.action,
      actor: [e.actor_user_id, e.actor_name],
      changes: JSON.parse(e.changes_json) as { field: string; before: unknown; after: unknown }[],
    }));
  const put = (id: string, payload: object, token = admin) =>
    call(ctx.app, { method: 'PUT', url: `/api/distrubutor/stories/${id}`, token, payload });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    viewOnly = await tokenFor(ctx, await addDistributorUser(ctx.db, 'stories-audit-viewer', { Stories: { view: true } }));
  });
  afterAll(() => ctx.close());

  it('records the publishing, each switch and the deletion, with the story as the office chose it', async () => {
    const created = await call(ctx.app, {
      method: 'POST',
      url: '/api/distrubutor/stories',
      token: admin,
      ...multipart(
        [{ filename: 'summer.png', contentType: 'image/png', bytes: await makeImage('png', 64, 48), field: 'media' }],
        {
          mediaType: 'image',
          caption: 'New summer drinks',
          audienceType: 'routes',
          audienceValues: '101',
          endsAt: '2099-01-01T00:00:00.000Z',
        },
      ),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const story = created.body.data as { id: string; mediaUrl: string; startsAt: string };
    const admin1 = [WORLD.users.admin.id, 'Dana Whitfield'];
    const published = {
      mediaType: 'image',
      mediaUrl: story.mediaUrl,
      caption: 'New summer drinks',
      isActive: true,
      startsAt: story.startsAt,
      endsAt: '2099-01-01T00:00:00.000Z',
      audience: 'routes: 101',
    };
    expect(await entries(story.id)).toEqual([
      {
        distributorId: WORLD.distributorId,
        action: 'created',
        actor: admin1,
        changes: Object.entries(published).map(([field, after]) => ({ field, before: null, after })),
      },
    ]);

    // Off, off again (no change, no entry), on; a view-only user's switch is refused and leaves no entry.
    expect((await put(story.id, { isActive: false })).status).toBe(200);
    expect((await put(story.id, { isActive: false })).status).toBe(200);
    expect((await put(story.id, { isActive: true }, viewOnly)).status).toBe(403);
    expect((await put(story.id, { isActive: true })).status).toBe(200);
    expect((await put(story.id, { isActive: false, deleted: true }, viewOnly)).status).toBe(403);
    const deleted = await put(story.id, { isActive: false, deleted: true });
    expect([deleted.status, deleted.body.message]).toEqual([200, 'Story deleted successfully']);

    const trail = await entries(story.id);
    expect(trail.map((e) => [e.action, e.actor])).toEqual([
      ['created', admin1],
      ['deactivated', admin1],
      ['activated', admin1],
      ['deleted', admin1],
    ]);
    expect(trail[1]!.changes).toEqual([{ field: 'isActive', before: true, after: false }]);
    expect(trail[2]!.changes).toEqual([{ field: 'isActive', before: false, after: true }]);
    expect(trail[3]!.changes).toEqual(Object.entries(published).map(([field, before]) => ({ field, before, after: null })));
    // A story that is gone cannot be switched (404) and writes nothing more.
    expect((await put(story.id, { isActive: true })).status).toBe(404);
    expect(await entries(story.id)).toHaveLength(4);
  });

  it('writes nothing for a publishing the server refuses', async () => {
    const before = await ctx.db.selectFrom('audit_log').select('id').where('entity_type', '=', 'story').execute();
    const refused = await call(ctx.app, {
      method: 'POST',
      url: '/api/distrubutor/stories',
      token: admin,
      ...multipart([{ filename: 'x.png', contentType: 'image/png', bytes: Buffer.from('not a png'), field: 'media' }], {
        mediaType: 'image',
      }),
    });
    expect(refused.status).toBe(415);
    const after = await ctx.db.selectFrom('audit_log').select('id').where('entity_type', '=', 'story').execute();
    expect(after).toHaveLength(before.length);
  });
});
