// One policy screen (retailer licence, terms-and-conditions, privacy-policy, disclaimer,
// return-policy; the distributor's four; any kind via the policies page's ?kind=). Distributor
// users with edit permission on 'Policies' can edit it in place.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { POLICY_DEFAULT_TITLES, POLICY_NOT_FOUND_MESSAGE, type PolicyKind } from '@portal/shared/policies/policies.schemas';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { POLICY_FAILED, useGetPolicyQuery, type PolicyArea } from './policies.api';
import { useCan } from '../../lib/permissions';
import { PolicyEditor } from './policy-editor';
import { PolicyHistory } from './policy-history';
import { PolicyText } from './policy-text';

/** Whether the signed-in distributor user may edit policies (module 'Policies', edit). */
export function useCanEditPolicies(): boolean {
  const canEdit = useCan('Policies', 'edit');
  return useAppSelector((s) => s.auth.role === 'distributor') && canEdit;
}

export function PolicyPage({
  area,
  kind,
  title = POLICY_DEFAULT_TITLES[kind],
}: {
  area: PolicyArea;
  kind: PolicyKind;
  title?: string;
}) {
  const q = useGetPolicyQuery({ area, kind });
  const canEdit = useCanEditPolicies() && area === 'admin';
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
  const notWritten = q.isError && (q.error as { status?: unknown } | undefined)?.status === 404;
  const policy = q.isError ? undefined : q.data;

  let content;
  if (q.isLoading) content = <ListSkeleton rows={5} image={false} label="Loading policy" />;
  else if (notWritten)
    content = (
      <EmptyState
        title={POLICY_NOT_FOUND_MESSAGE}
        hint={canEdit ? 'Write it now and it is shown to your retailers and sales representatives.' : 'Please check again later.'}
        action={
          canEdit ? (
            <Button variant="contained" onClick={() => setEditing(true)}>
              Write it
            </Button>
          ) : undefined
        }
      />
    );
  else if (!policy) content = <ErrorState message={errorMessage(q.error, POLICY_FAILED)} onRetry={() => void q.refetch()} />;
  else
    content = (
      <Paper variant="outlined" component="article" aria-label={policy.title} sx={{ p: { xs: 2, sm: 3 } }}>
        {policy.title !== title && (
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {policy.title}
          </Typography>
        )}
        <PolicyText body={policy.body} />
      </Paper>
    );

  return (
    <Box sx={{ maxWidth: 900 }}>
      <Link
        component={RouterLink}
        to={`/${area}/policies`}
        underline="hover"
        variant="body2"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
      >
        <ArrowBackIcon fontSize="inherit" /> All policies
      </Link>
      <PageTitle
        title={title}
        subtitle={
          policy && !editing
            ? `Last updated ${shortDate(policy.updatedAt)}${area === 'admin' ? ` · version ${policy.version}` : ''}`
            : undefined
        }
        actions={
          area === 'admin' && policy && !editing ? (
            <Stack direction="row" spacing={1}>
              <Button variant="text" startIcon={<HistoryIcon />} onClick={() => setHistory(true)}>
                History
              </Button>
              {canEdit ? (
                <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
                  Edit
                </Button>
              ) : null}
            </Stack>
          ) : undefined
        }
      />
      {editing ? (
        <PolicyEditor
          kind={kind}
          initial={{ title: policy?.title ?? POLICY_DEFAULT_TITLES[kind], body: policy?.body ?? '' }}
          onDone={() => setEditing(false)}
        />
      ) : (
        content
      )}
      {history ? <PolicyHistory kind={kind} title={title} onClose={() => setHistory(false)} /> : null}
    </Box>
  );
}
