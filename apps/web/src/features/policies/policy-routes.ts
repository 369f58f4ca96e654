// Which screen shows a policy kind in each area (spec §2 routes). Kinds without a route of their
// own in an area open on that area's policies page as ?kind=….
import type { PolicyKind } from '@portal/shared/policies/policies.schemas';
import type { PolicyArea } from './policies.api';

const OWN_ROUTES: Record<PolicyArea, Partial<Record<PolicyKind, string>>> = {
  retailer: {
    terms: 'terms-and-conditions',
    privacy: 'privacy-policy',
    disclaimer: 'disclaimer',
    return: 'return-policy',
    license: 'licence',
  },
  admin: { terms: 'terms-and-conditions', privacy: 'privacy-policy', disclaimer: 'disclaimer', return: 'return-policy' },
  sales: {},
};

export function policyPath(area: PolicyArea, kind: PolicyKind): string {
  const own = OWN_ROUTES[area][kind];
  return own ? `/${area}/${own}` : `/${area}/policies?kind=${encodeURIComponent(kind)}`;
}
