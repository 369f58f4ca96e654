// Policy texts (terms, privacy, disclaimer, return, license, software-license), per area, each
// reading its own distributor's:
//   GET /retailer/policies, GET /retailer/policies/{kind}   published texts
//   GET /sales/policies,    GET /sales/policies/{kind}      published texts
//   GET /admin/policies,    GET /admin/policies/{kind}      module Policies, view; the list has every kind
//   PUT /admin/policies/{kind}  {title, body}               module Policies, edit: a new version
//   GET /admin/policies/{kind}/versions                     module Policies, view: the history, newest first
//   GET /public/policies/{kind}                             no sign-in; terms, privacy, software-license
// An unknown kind is a 400 (field kind); a kind not written yet is a 404.
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  policyEditBody,
  policyKindParams,
  policyListSchema,
  policySchema,
  policyVersionsSchema,
  POLICY_SAVED_MESSAGE,
  publicPolicyKindParams,
} from '@portal/shared/policies/policies.schemas';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { policy, policyList, policyVersions, publicPolicy, savePolicy } from './policies.service.ts';
import { access } from '../../platform/auth/access.ts';

const MODULE = 'Policies';

export async function policiesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;

  for (const area of ['retailer', 'sales', 'admin'] as const) {
    const config: FastifyContextConfig = {
      access: area === 'admin' ? access.module(MODULE) : area === 'sales' ? access.salesSelf : access.retailer,
    };
    r.get(
      `/${area}/policies`,
      { config, schema: { tags: [area], summary: "The distributor's policies", response: { 200: envelope(policyListSchema) } } },
      async (request) => ok(await policyList(db, requireActor(request).distributorId, { includeUnwritten: area === 'admin' })),
    );
    r.get(
      `/${area}/policies/:kind`,
      {
        config,
        schema: { tags: [area], summary: 'One policy text', params: policyKindParams, response: { 200: envelope(policySchema) } },
      },
      async (request) => ok(await policy(db, requireActor(request).distributorId, request.params.kind)),
    );
  }

  r.put(
    '/admin/policies/:kind',
    {
      config: { access: access.module(MODULE) },
      schema: {
        tags: ['admin'],
        summary: 'Writes one policy text',
        params: policyKindParams,
        body: policyEditBody,
        response: { 200: envelope(policySchema) },
      },
    },
    async (request) => ok(await savePolicy(db, requireActor(request), request.params.kind, request.body), POLICY_SAVED_MESSAGE),
  );

  r.get(
    '/admin/policies/:kind/versions',
    {
      config: { access: access.module(MODULE) },
      schema: {
        tags: ['admin'],
        summary: 'Every saved version of one policy, newest first, with who saved it and when',
        params: policyKindParams,
        response: { 200: envelope(policyVersionsSchema) },
      },
    },
    async (request) => ok(await policyVersions(db, requireActor(request).distributorId, request.params.kind)),
  );

  r.get(
    '/public/policies/:kind',
    {
      config: { access: access.public },
      schema: {
        tags: ['public'],
        summary: 'A policy of the public pages',
        params: publicPolicyKindParams,
        response: { 200: envelope(policySchema) },
      },
    },
    async (request) => ok(await publicPolicy(db, request.params.kind)),
  );
}
