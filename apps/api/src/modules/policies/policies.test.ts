// Policies over HTTP: reading per area (retailer, sales, distributor with module permission),
// the public pages' texts without sign-in, and the distributor's editor (PUT, validation, 403
// without edit permission, 401 without a token).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';
import { POLICY_TEXTS } from '../../db/seed/policy-texts.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';

const UPDATED = '2026-02-01T10:00:00.000Z';

describe('policies', () => {
  let ctx: TestContext;
  let retailer: string;
  let sales: string;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    // Every kind but 'disclaimer', so the unwritten case is covered.
    await ctx.db
      .insertInto('policies')
      .values(
        POLICY_TEXTS.filter((p) => p.kind !== 'disclaimer').map((p) => ({
          id: `policy-${p.kind}`,
          distributor_id: WORLD.distributorId,
          kind: p.kind,
          title: p.title,
          body: p.body,
          updated_at: UPDATED,
        })),
      )
      .execute();
    // A distributor user who may view Policies but not edit them.
    await ctx.db
      .insertInto('distributor_roles')
      .values({
        id: 'role-viewer',
        distributor_id: WORLD.distributorId,
        name: 'Viewer',
        description: null,
        is_system: 0,
        created_at: UPDATED,
      })
      .execute();
    await ctx.db
      .insertInto('role_permissions')
      .values({ role_id: 'role-viewer', module: 'Policies', can_view: 1, can_add: 0, can_edit: 0, can_delete: 0 })
      .execute();
    await ctx.db
      .insertInto('users')
      .values({
        id: 'user-viewer',
        distributor_id: WORLD.distributorId,
        role: 'distributor',
        email: 'viewer@demo.test',
        phone: null,
        password_hash: null,
        name: 'Vic Viewer',
        customer_id: null,
        sales_rep_id: null,
        distributor_role_id: 'role-viewer',
        is_active: 1,
        created_at: UPDATED,
        updated_at: UPDATED,
      })
      .execute();
    [retailer, sales, admin, viewer] = await Promise.all([
      tokenFor(ctx, WORLD.users.retailer.id),
      tokenFor(ctx, WORLD.users.sales.id),
      tokenFor(ctx, WORLD.users.admin.id),
      tokenFor(ctx, 'user-viewer'),
    ]);
  });
  afterAll(() => ctx.close());

  const get = (url: string, token?: string) => call(ctx.app, { method: 'GET', url, token });
  const put = (url: string, token: string | undefined, payload: unknown) =>
    call(ctx.app, { method: 'PUT', url, token, payload: payload as object });

  it('lists the published policies for a retailer and a sales rep, in a fixed order', async () => {
    for (const [area, token] of [
      ['retailer', retailer],
      ['sales', sales],
    ] as const) {
      const res = await get(`/api/${area}/policies`, token);
      expect(res.status).toBe(200);
      expect(res.body.data.policies).toEqual([
        { kind: 'terms', title: 'Terms and Conditions', updatedAt: UPDATED, published: true },
        { kind: 'privacy', title: 'Privacy Policy', updatedAt: UPDATED, published: true },
        { kind: 'return', title: 'Return Policy', updatedAt: UPDATED, published: true },
        { kind: 'license', title: 'Licenses and Permits', updatedAt: UPDATED, published: true },
        { kind: 'software-license', title: 'Software License', updatedAt: UPDATED, published: true },
      ]);
    }
  });

  it('gives the distributor every kind, the unwritten one with its default title', async () => {
    const res = await get('/api/admin/policies', admin);
    expect(res.status).toBe(200);
    expect(res.body.data.policies.map((p: { kind: string }) => p.kind)).toEqual([
      'terms',
      'privacy',
      'disclaimer',
      'return',
      'license',
      'software-license',
    ]);
    expect(res.body.data.policies[2]).toEqual({ kind: 'disclaimer', title: 'Disclaimer', updatedAt: null, published: false });
  });

  it('reads one policy with its full text; unwritten is 404, unknown kind 400', async () => {
    const terms = POLICY_TEXTS.find((p) => p.kind === 'terms')!;
    const res = await get('/api/retailer/policies/terms', retailer);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ kind: 'terms', title: terms.title, body: terms.body, updatedAt: UPDATED, version: 1 });

    const missing = await get('/api/sales/policies/disclaimer', sales);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      success: false,
      message: 'This policy has not been published yet',
      error: { code: 'NOT_FOUND' },
    });

    const unknown = await get('/api/retailer/policies/cookies', retailer);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toEqual({ code: 'VALIDATION_ERROR', fields: { kind: 'Unknown policy kind' } });
  });

  it('keeps each area to its role: 401 without a token, 403 for another role', async () => {
    expect((await get('/api/retailer/policies')).status).toBe(401);
    expect((await get('/api/retailer/policies', sales)).status).toBe(403);
    expect((await get('/api/sales/policies/terms', retailer)).status).toBe(403);
    expect((await get('/api/admin/policies', retailer)).status).toBe(403);
  });

  it('serves the public pages without sign-in, only terms, privacy and software licence', async () => {
    const res = await get('/api/public/policies/software-license');
    expect(res.status).toBe(200);
    expect(res.body.data.title).toBe('Software License');
    expect(res.body.data.body.length).toBeGreaterThan(200);
    expect((await get('/api/public/policies/privacy')).body.data.kind).toBe('privacy');
    const hidden = await get('/api/public/policies/return');
    expect(hidden.status).toBe(400);
    expect(hidden.body.error.fields).toEqual({ kind: 'Unknown policy kind' });
  });

  it('saves each edit as a new version: who and when, the history newest first, readers see the current one', async () => {
    const res = await put('/api/admin/policies/disclaimer', admin, {
      title: '  Our disclaimer ',
      body: 'First paragraph.\r\n\r\nSecond <b>not html</b>.',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Policy saved successfully');
    expect(res.body.data).toMatchObject({
      kind: 'disclaimer',
      title: 'Our disclaimer',
      body: 'First paragraph.\n\nSecond <b>not html</b>.',
      version: 1,
    });
    const firstAt = res.body.data.updatedAt;
    expect((await get('/api/retailer/policies/disclaimer', retailer)).body.data).toMatchObject({
      title: 'Our disclaimer',
      version: 1,
      updatedAt: firstAt,
    });

    await new Promise((r) => setTimeout(r, 5));
    const again = await put('/api/admin/policies/disclaimer', admin, { title: 'Disclaimer', body: '**Replaced.**' });
    expect(again.status).toBe(200);
    expect(again.body.data.version).toBe(2);
    expect(again.body.data.updatedAt > firstAt).toBe(true);
    // One current row per kind; every save in the history.
    const rows = await ctx.db
      .selectFrom('policies')
      .select(['title', 'body', 'version'])
      .where('kind', '=', 'disclaimer')
      .execute();
    expect(rows).toEqual([{ title: 'Disclaimer', body: '**Replaced.**', version: 2 }]);

    const retailerView = await get('/api/retailer/policies', retailer);
    expect(retailerView.body.data.policies.find((p: { kind: string }) => p.kind === 'disclaimer')).toEqual({
      kind: 'disclaimer',
      title: 'Disclaimer',
      updatedAt: again.body.data.updatedAt,
      published: true,
    });

    const history = await get('/api/admin/policies/disclaimer/versions', viewer);
    expect(history.status).toBe(200);
    expect(history.body.data).toEqual({
      kind: 'disclaimer',
      versions: [
        {
          version: 2,
          title: 'Disclaimer',
          body: '**Replaced.**',
          createdAt: again.body.data.updatedAt,
          createdBy: { id: WORLD.users.admin.id, name: expect.any(String) },
        },
        {
          version: 1,
          title: 'Our disclaimer',
          body: 'First paragraph.\n\nSecond <b>not html</b>.',
          createdAt: firstAt,
          createdBy: { id: WORLD.users.admin.id, name: expect.any(String) },
        },
      ],
    });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity_type', '=', 'policy')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'created', entity_id: 'disclaimer' },
      { action: 'updated', entity_id: 'disclaimer' },
    ]);
    expect((await get('/api/admin/policies/disclaimer/versions', retailer)).status).toBe(403);
  });

  it('continues the numbering of a text seeded without history', async () => {
    // The seeded terms are version 1 (no history rows): the next save is version 2.
    const res = await put('/api/admin/policies/return', admin, { title: 'Return Policy', body: 'Returns within 7 days.' });
    expect(res.body.data.version).toBe(2);
    const history = await get('/api/admin/policies/return/versions', admin);
    expect(history.body.data.versions.map((v: { version: number }) => v.version)).toEqual([2]);
  });

  it('refuses bad edits with field messages', async () => {
    const empty = await put('/api/admin/policies/terms', admin, { title: ' ', body: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ title: 'Title is required', body: 'Text is required' });

    const long = await put('/api/admin/policies/terms', admin, { title: 'x'.repeat(121), body: 'y'.repeat(50_001) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual({
      title: 'Title must be 120 characters or less',
      body: 'Text must be 50,000 characters or less',
    });

    const kind = await put('/api/admin/policies/cookies', admin, { title: 'A', body: 'B' });
    expect(kind.status).toBe(400);
    expect(kind.body.error.fields.kind).toBe('Unknown policy kind');

    const terms = await get('/api/admin/policies/terms', admin);
    expect(terms.body.data.title).toBe('Terms and Conditions');
  });

  it('refuses writes without edit permission (403) and without sign-in (401), leaving the text alone', async () => {
    expect((await get('/api/admin/policies/terms', viewer)).status).toBe(200);
    const denied = await put('/api/admin/policies/terms', viewer, { title: 'Hacked', body: 'Hacked' });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('You do not have edit permission for Policies');
    expect((await put('/api/admin/policies/terms', undefined, { title: 'Hacked', body: 'Hacked' })).status).toBe(401);
    expect((await put('/api/admin/policies/terms', retailer, { title: 'Hacked', body: 'Hacked' })).status).toBe(403);
    const row = await ctx.db.selectFrom('policies').select('title').where('kind', '=', 'terms').executeTakeFirstOrThrow();
    expect(row.title).toBe('Terms and Conditions');
  });
});
