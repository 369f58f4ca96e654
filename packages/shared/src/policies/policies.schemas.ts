// The distributor's policy texts (terms, privacy, …): what the API answers, the admin editor's body,
// and how a plain-text body splits into paragraphs. Bodies are plain text, never HTML.
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
  updatedAt: z.string(),
});
export type Policy = z.infer<typeof policySchema>;

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

/** Paragraphs of a plain-text body: separated by blank lines; single line breaks stay inside one. */
export function policyParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}
