// /admin/permissions/roles/:id: the grid of modules × actions of one role (the permission table's
// modules of the role's kind, each with the actions it has). A checkbox per cell, one per row (the whole
// module) and one per column (the action everywhere); saving asks for confirmation when it takes
// permissions away. The owner role's grid is shown full and read-only.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ACTION_LABELS, moduleEntry, PERMISSION_ACTIONS, type Grant } from '@portal/shared/auth/permissions';
import { removedGrants, type RoleDetail } from '@portal/shared/permissions/permissions.schemas';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ConfirmModal } from '../../components/form-modal';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { useModuleGrant } from '../../lib/permissions';
import { notify } from '../../lib/notify';
import { BASE_PATH, ROLE_FAILED, ROLE_SAVE_FAILED, useGetRoleQuery, useSetRoleGrantsMutation } from './permissions.api';
import { columnState, hasAction, rowState, toggleCell, toggleColumn, toggleRow } from './role-grid';
import { RolePreviewButton } from './role-preview-button';

export function RoleGridPage() {
  const { id = '' } = useParams();
  const q = useGetRoleQuery(id);
  if (q.isLoading) return <ListSkeleton rows={6} image={false} />;
  if (q.isError || !q.data) return <ErrorState message={errorMessage(q.error, ROLE_FAILED)} onRetry={() => void q.refetch()} />;
  // A new grid whenever the saved grants change (after saving, or another tab's change).
  return <RoleGrid key={`${q.data.id}:${q.data.updatedAt ?? ''}`} role={q.data} />;
}

export function RoleGrid({ role }: { role: RoleDetail }) {
  const canEdit = useModuleGrant('User Management').edit && !role.isOwner;
  const [grants, setGrants] = useState<Grant[]>(role.grants);
  const [confirming, setConfirming] = useState(false);
  const [save, saving] = useSetRoleGrantsMutation();
  const kind = role.kind;
  const removed = removedGrants(role.grants, grants);
  const dirty = JSON.stringify(grants) !== JSON.stringify(role.grants);
  const actions = PERMISSION_ACTIONS.filter((a) => role.grants.some((g) => hasAction(kind, g.module, a)));

  const submit = async () => {
    try {
      const answer = await save({ id: role.id, grants }).unwrap();
      notify.success(answer.message);
    } catch (err) {
      notify.error(errorMessage(err, ROLE_SAVE_FAILED));
    } finally {
      setConfirming(false);
    }
  };

  const titleActions = (
    // On a phone the two links take their own row, so the role's name keeps the width to be read.
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, flexBasis: { xs: '100%', sm: 'auto' } }}>
      <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={`${BASE_PATH}/view/${encodeURIComponent(role.id)}`}>
        Role
      </Button>
      <RolePreviewButton role={role} />
    </Stack>
  );

  const box = (checked: boolean, indeterminate: boolean, label: string, onChange: () => void) => (
    <Checkbox
      size="small"
      checked={checked}
      indeterminate={indeterminate}
      disabled={!canEdit}
      onChange={onChange}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );

  return (
    <>
      <PageTitle title="Roles and Permissions" subtitle={role.name} actions={titleActions} />
      <Stack spacing={2} sx={{ maxWidth: 1100 }}>
        {role.isOwner ? (
          <Alert severity="info">The owner role holds every permission on every module and cannot be reduced.</Alert>
        ) : !canEdit ? (
          <Alert severity="info">You can see this role’s permissions; changing them needs edit on User Management.</Alert>
        ) : (
          <Typography variant="body2" color="textSecondary">
            Any action also gives View (its pages read the module’s lists); clearing View clears the row. A change counts from
            each user’s next request.
          </Typography>
        )}
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={`Permissions of ${role.name}`} sx={{ minWidth: 120 + actions.length * 84 }}>
            <TableHead>
              <TableRow>
                <TableCell
                  sx={{ position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', minWidth: { xs: 150, sm: 260 } }}
                >
                  Module
                </TableCell>
                {actions.map((a) => {
                  const state = columnState(kind, grants, a);
                  return (
                    <TableCell key={a} align="center" sx={{ px: 0.5 }}>
                      <Stack sx={{ alignItems: 'center' }}>
                        <Typography variant="caption" sx={{ fontWeight: 600 }}>
                          {ACTION_LABELS[a]}
                        </Typography>
                        {box(state === 'all', state === 'some', `${ACTION_LABELS[a]} on every module`, () =>
                          setGrants((g) => toggleColumn(kind, g, a)),
                        )}
                      </Stack>
                    </TableCell>
                  );
                })}
              </TableRow>
            </TableHead>
            <TableBody>
              {grants.map((g) => {
                const entry = moduleEntry(kind, g.module);
                const state = rowState(kind, g);
                return (
                  <TableRow key={g.module} hover>
                    <TableCell sx={{ position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', py: 0.25 }}>
                      <Stack direction="row" sx={{ alignItems: 'center' }}>
                        {box(state === 'all', state === 'some', `Every action on ${g.module}`, () =>
                          setGrants((all) => toggleRow(kind, all, g.module)),
                        )}
                        <Box sx={{ minWidth: 0 }}>
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {g.module}
                          </Typography>
                          {entry?.hint ? (
                            <Typography variant="caption" color="textSecondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                              {entry.hint}
                            </Typography>
                          ) : null}
                        </Box>
                      </Stack>
                    </TableCell>
                    {actions.map((a) => (
                      <TableCell key={a} align="center" sx={{ px: 0.5 }}>
                        {hasAction(kind, g.module, a) ? (
                          box(g[a], false, `${g.module}: ${ACTION_LABELS[a]}`, () =>
                            setGrants((all) => toggleCell(kind, all, g.module, a)),
                          )
                        ) : (
                          <Typography color="textDisabled" aria-label={`${g.module} has no ${ACTION_LABELS[a]}`}>
                            –
                          </Typography>
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
        {canEdit ? (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button disabled={!dirty || saving.isLoading} onClick={() => setGrants(role.grants)}>
              Discard changes
            </Button>
            <Button
              variant="contained"
              disabled={!dirty}
              loading={saving.isLoading && !confirming}
              onClick={() => (removed.length ? setConfirming(true) : void submit())}
            >
              Save permissions
            </Button>
          </Stack>
        ) : null}
      </Stack>
      {confirming ? (
        <ConfirmModal
          title="Take permissions away?"
          confirmLabel="Save"
          busy={saving.isLoading}
          onClose={() => setConfirming(false)}
          onConfirm={() => void submit()}
        >
          <Typography sx={{ mb: 1 }}>Users with {role.name} lose these permissions from their next request:</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {removed.map((r) => (
              <li key={`${r.module}:${r.action}`}>
                {r.module}: {ACTION_LABELS[r.action]}
              </li>
            ))}
          </Box>
        </ConfirmModal>
      ) : null}
    </>
  );
}
