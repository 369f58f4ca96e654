// The distributor's policy texts (terms, privacy, …): what the API answers, the admin editor's body and
// the version history. Bodies are Markdown, rendered by the web without raw HTML (docs/policies.md).
import { z } from 'zod';

export const POLICY_KINDS = ['terms', 'privacy', 'disclaimer', 'return', 'license', 'software-license'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

/** Kinds the public pages show without sign-in (/terms-conditions, /privacy-policy, /software-license). */
export const PUBLIC_POLICY_KINDS = ['terms', 'privacy', 'software-license'] as const satisfies readonly PolicyKind[];
export type PublicPolicyKind = (typeof PUBLIC_POLICY_KINDS)[number];

/** Titles used until the distributor saves its own (and for kinds it has not written yet). */
export const POLICY_DEFAULT_TITLES: Record<PolicyKind, string> = {
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
  disclaimer: 'Disclaimer',
  return: 'Return Policy',
  license: 'Product License',
  'software-license': 'Software License',
};

export const POLICY_TITLE_MAX = 120;
export const POLICY_BODY_MAX = 50_000;

export const POLICY_NOT_FOUND_MESSAGE = 'This policy has not been published yet';
export const POLICY_SAVED_MESSAGE = 'Policy saved successfully';

export const policyKindParams = z.object({ kind: z.enum(POLICY_KINDS, { error: 'Unknown policy kind' }) });
export const publicPolicyKindParams = z.object({ kind: z.enum(PUBLIC_POLICY_KINDS, { error: 'Unknown policy kind' }) });

export const policySchema = z.object({
  kind: z.enum(POLICY_KINDS),
  title: z.string(),
  body: z.string(),
  /** When the current version was saved. */
  updatedAt: z.string(),
  /** The current version's number: 1 for the first save, one more for each save after. */
  version: z.number().int(),
});
export type Policy = z.infer<typeof policySchema>;

/** One saved version of a policy (the office's history): who saved it and when. */
export const policyVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** Null for the text that existed before versions were kept. */
  createdBy: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
});
export type PolicyVersion = z.infer<typeof policyVersionSchema>;
export const policyVersionsSchema = z.object({ kind: z.enum(POLICY_KINDS), versions: z.array(policyVersionSchema) });
export type PolicyVersions = z.infer<typeof policyVersionsSchema>;

/** One entry of the policies index; `published` false: the distributor has not written it yet. */
export const policySummarySchema = z.object({
  kind: z.enum(POLICY_KINDS),
  title: z.string(),
  updatedAt: z.string().nullable(),
  published: z.boolean(),
});
export type PolicySummary = z.infer<typeof policySummarySchema>;

export const policyListSchema = z.object({ policies: z.array(policySummarySchema) });
export type PolicyList = z.infer<typeof policyListSchema>;

export const policyEditBody = z.object(
  {
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(POLICY_TITLE_MAX, `Title must be ${POLICY_TITLE_MAX} characters or less`),
    body: z
      .string({ error: 'Text is required' })
      .trim()
      .min(1, 'Text is required')
      .max(POLICY_BODY_MAX, 'Text must be 50,000 characters or less'),
  },
  { error: 'Request body must be a JSON object' },
);
export type PolicyEditBody = z.infer<typeof policyEditBody>;
