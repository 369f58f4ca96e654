// /retailer/policies and /admin/policies (and /sales/policies if that area uses it): the index of
// the distributor's policies, each linking to its screen; ?kind=… shows that policy here (for kinds
// without a route of their own in the area). The distributor's index lists unwritten kinds too.
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { POLICY_KINDS, type PolicyKind, type PolicySummary } from '@portal/shared/policies/policies.schemas';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { POLICIES_FAILED, useGetPoliciesQuery, type PolicyArea } from './policies.api';
import { PolicyPage } from './policy-page';
import { policyPath } from './policy-routes';

const isKind = (v: string | null): v is PolicyKind => POLICY_KINDS.includes(v as PolicyKind);

export function PoliciesPage({ area }: { area: PolicyArea }) {
  const [params] = useSearchParams();
  const kind = params.get('kind');
  if (isKind(kind)) return <PolicyPage key={kind} area={area} kind={kind} />;
  return <PoliciesIndex area={area} />;
}

function PolicyCard({ area, p }: { area: PolicyArea; p: PolicySummary }) {
  return (
    <Paper
      variant="outlined"
      component={RouterLink}
      to={policyPath(area, p.kind)}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        p: 2,
        color: 'inherit',
        textDecoration: 'none',
        transition: 'border-color 150ms, background-color 150ms',
        '&:hover, &:focus-visible': { borderColor: 'primary.main', bgcolor: 'action.hover' },
      }}
    >
      <DescriptionOutlinedIcon color="primary" />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {p.title}
        </Typography>
        {p.published ? (
          <Typography variant="caption" color="textSecondary">
            Updated {shortDate(p.updatedAt)}
          </Typography>
        ) : (
          <Chip size="small" label="Not published yet" sx={{ mt: 0.5 }} />
        )}
      </Box>
      <ChevronRightIcon color="action" />
    </Paper>
  );
}

function PoliciesIndex({ area }: { area: PolicyArea }) {
  const q = useGetPoliciesQuery(area);
  let content;
  if (q.isLoading) content = <ListSkeleton rows={4} image={false} label="Loading policies" />;
  else if (q.isError || !q.data)
    content = <ErrorState message={errorMessage(q.error, POLICIES_FAILED)} onRetry={() => void q.refetch()} />;
  else if (q.data.policies.length === 0) content = <EmptyState title="No policies published yet" />;
  else
    content = (
      <Box
        component="nav"
        aria-label="Policies"
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      >
        {q.data.policies.map((p) => (
          <PolicyCard key={p.kind} area={area} p={p} />
        ))}
      </Box>
    );
  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageTitle
        title="Policies"
        subtitle={
          area === 'admin'
            ? 'The texts your retailers and sales representatives read in the portal.'
            : 'Terms, privacy and the other policies of your distributor.'
        }
      />
      {content}
    </Box>
  );
}
