// /admin/permissions/view/:id: one role: who it is for, how many users hold it, what it grants per
// module, and its history; from here its permissions grid, its edit form, the preview and delete.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import GridOnOutlinedIcon from '@mui/icons-material/GridOnOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTION_LABELS, PERMISSION_ACTIONS } from '@portal/shared/auth/permissions';
import type { RoleDetail } from '@portal/shared/permissions/permissions.schemas';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { AuditTrail } from '../../components/audit/audit-trail';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { useModuleGrant } from '../../lib/permissions';
import { DeleteRoleDialog } from './delete-role-dialog';
import { BASE_PATH, ROLE_FAILED, useGetRoleQuery } from './permissions.api';
import { RoleChips } from './role-chips';
import { RolePreviewButton } from './role-preview-button';

export function RoleViewPage() {
  const { id = '' } = useParams();
  const q = useGetRoleQuery(id);
  if (q.isLoading) return <ListSkeleton rows={4} image={false} />;
  if (q.isError || !q.data) return <ErrorState message={errorMessage(q.error, ROLE_FAILED)} onRetry={() => void q.refetch()} />;
  return <RoleView role={q.data} />;
}

function RoleView({ role }: { role: RoleDetail }) {
  const grant = useModuleGrant('User Management');
  const [deleting, setDeleting] = useState(false);
  const granted = role.grants.filter((g) => PERMISSION_ACTIONS.some((a) => g[a]));
  const path = (kind: string) => `${BASE_PATH}/${kind}/${encodeURIComponent(role.id)}`;

  const actions = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={BASE_PATH}>
        Roles
      </Button>
      <RolePreviewButton role={role} />
      {grant.edit ? (
        <Button startIcon={<EditIcon />} component={RouterLink} to={path('edit')}>
          Edit
        </Button>
      ) : null}
      {grant.delete && !role.isOwner ? (
        <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setDeleting(true)}>
          Delete
        </Button>
      ) : null}
      <Button variant="contained" startIcon={<GridOnOutlinedIcon />} component={RouterLink} to={path('roles')}>
        Permissions
      </Button>
    </Stack>
  );

  return (
    <>
      <PageTitle title={role.name} subtitle={role.description ?? 'Role'} actions={actions} />
      <Stack spacing={2} sx={{ maxWidth: 1100 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }} sx={{ alignItems: { sm: 'center' } }}>
            <RoleChips role={role} />
            <Typography variant="body2">
              <strong>{role.userCount}</strong> {role.userCount === 1 ? 'user holds' : 'users hold'} this role
            </Typography>
            <Typography variant="body2" color="textSecondary">
              Created {dateTime(role.createdAt)}
              {role.updatedAt ? ` · changed ${dateTime(role.updatedAt)}` : ''}
            </Typography>
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="role-grants-title">
          <Typography variant="h6" component="h2" id="role-grants-title" sx={{ mb: 1 }}>
            What this role can do
          </Typography>
          {role.isOwner ? (
            <Alert severity="info">The owner role holds every permission on every module and cannot be reduced.</Alert>
          ) : granted.length === 0 ? (
            <Typography color="textSecondary">Nothing yet. Choose its permissions with Permissions.</Typography>
          ) : (
            <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {granted.map((g) => (
                <Stack
                  component="li"
                  key={g.module}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <Typography sx={{ minWidth: 200, fontWeight: 600 }}>{g.module}</Typography>
                  <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                    {PERMISSION_ACTIONS.filter((a) => g[a]).map((a) => (
                      <Chip key={a} size="small" label={ACTION_LABELS[a]} />
                    ))}
                  </Stack>
                </Stack>
              ))}
            </Stack>
          )}
        </Paper>
        <AuditTrail
          path={`/admin/permissions/roles/${encodeURIComponent(role.id)}/audit`}
          labels={{ name: 'Name', description: 'Description', kind: 'For' }}
        />
      </Stack>
      {deleting ? <DeleteRoleDialog role={role} backToList onClose={() => setDeleting(false)} /> : null}
    </>
  );
}
