// The distributor's history of one policy: every saved version, newest first, with who saved it and
// when; one version's text opens rendered as readers saw it.
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { PolicyKind, PolicyVersion } from '@portal/shared/policies/policies.schemas';
import { useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/format';
import { POLICY_HISTORY_FAILED, useGetPolicyVersionsQuery } from './policies.api';
import { PolicyText } from './policy-text';

const author = (v: PolicyVersion) => v.createdBy?.name ?? 'before versions were kept';

export function PolicyHistory({ kind, title, onClose }: { kind: PolicyKind; title: string; onClose: () => void }) {
  const q = useGetPolicyVersionsQuery(kind);
  const [shown, setShown] = useState<PolicyVersion | null>(null);

  if (shown)
    return (
      <AppModal
        open
        onClose={onClose}
        title={`${title}: version ${shown.version}`}
        size="lg"
        fullHeight
        actions={<Button onClick={() => setShown(null)}>Back to history</Button>}
      >
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          Saved {shortDate(shown.createdAt)} by {author(shown)}
        </Typography>
        {shown.title !== title ? (
          <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
            {shown.title}
          </Typography>
        ) : null}
        <PolicyText body={shown.body} />
      </AppModal>
    );

  return (
    <AppModal open onClose={onClose} title={`${title}: history`} size="md" actions={<Button onClick={onClose}>Close</Button>}>
      {q.isLoading ? (
        <ListSkeleton rows={3} image={false} label="Loading history" />
      ) : q.isError || !q.data ? (
        <ErrorState message={errorMessage(q.error, POLICY_HISTORY_FAILED)} onRetry={() => void q.refetch()} />
      ) : q.data.versions.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          No saved versions yet: the text in use predates the history.
        </Typography>
      ) : (
        <List aria-label="Versions" disablePadding>
          {q.data.versions.map((v, i) => (
            <ListItemButton key={v.version} onClick={() => setShown(v)} divider>
              <ListItemText
                primary={`Version ${v.version}${i === 0 ? ' (current)' : ''}`}
                secondary={`${shortDate(v.createdAt)} · ${author(v)}`}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </AppModal>
  );
}
