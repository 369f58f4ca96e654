// /privacy-policy, /terms-conditions, /software-license: the installation's distributor's texts,
// read without sign-in.
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { POLICY_NOT_FOUND_MESSAGE, type PublicPolicyKind } from '@portal/shared/policies/policies.schemas';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { POLICY_FAILED, useGetPublicPolicyQuery } from './policies.api';
import { PolicyText } from './policy-text';

export function PublicPolicyPage({ kind, title }: { kind: PublicPolicyKind; title: string }) {
  const q = useGetPublicPolicyQuery(kind);
  const notWritten = q.isError && (q.error as { status?: unknown } | undefined)?.status === 404;
  const policy = q.isError ? undefined : q.data;
  let content;
  if (q.isLoading) content = <ListSkeleton rows={6} image={false} label="Loading policy" />;
  else if (notWritten) content = <EmptyState title={POLICY_NOT_FOUND_MESSAGE} hint="Please check again later." />;
  else if (!policy) content = <ErrorState message={errorMessage(q.error, POLICY_FAILED)} onRetry={() => void q.refetch()} />;
  else
    content = (
      <Box component="article" aria-label={policy.title}>
        {policy.title !== title && (
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {policy.title}
          </Typography>
        )}
        <PolicyText body={policy.body} />
      </Box>
    );
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <PageTitle title={title} subtitle={policy ? `Last updated ${shortDate(policy.updatedAt)}` : undefined} />
      {content}
    </Container>
  );
}
