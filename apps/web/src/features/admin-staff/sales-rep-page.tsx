// /admin/permissions/sales-reps/:id: one sales rep: its sign-in (invite one when it has none), its sales
// role and that role's modules (a switch saves at once, after a confirmation when other reps hold the
// role too; the menus follow at the next sign-in or restore), its customers (read-only, searched and paged; moving them is the retailers screen's
// reassign), deactivate / reactivate and sign out everywhere behind confirmations, and its History.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import RestoreIcon from '@mui/icons-material/Restore';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { SALES_MODULES } from '@portal/shared/auth/modules';
import { formatPhone } from '@portal/shared/contact/phone';
import { formatMoney } from '@portal/shared/money/money';
import { inviteSalesRepBody, type InviteSalesRepBody, type SalesRep } from '@portal/shared/staff/staff.schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router';
import { AuditTrail } from '../../components/audit/audit-trail';
import { ConfirmModal, FormModal } from '../../components/form-modal';
import { InputField } from '../../components/input-field';
import { EmptyState, ErrorState } from '../../components/list-states';
import { SearchField } from '../../components/list-controls';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useDebounced } from '../../lib/use-debounced';
import {
  INVITE_FAILED,
  REP_CHANGE_FAILED,
  REP_CUSTOMERS_FAILED,
  REP_FAILED,
  useChangeSalesRepRoleMutation,
  useGetSalesRepChoicesQuery,
  useGetSalesRepCustomersQuery,
  useGetSalesRepQuery,
  useInviteSalesRepMutation,
  useSetSalesRepActiveMutation,
  useSetSalesRepModulesMutation,
  useSignOutSalesRepEverywhereMutation,
} from './admin-staff.api';
import { MODULE_HINTS } from './new-sales-rep-dialog';
import { signInText } from './sales-reps-page';
import { ActiveChip, deactivateRepQuestion, fieldErrors, signOutQuestion, UserManagementTabs } from './staff-bits';
import { staffPath, useUserManagementGrant } from './staff-list-view';
import { Facts, Panel } from './staff-user-page';

function BackToList() {
  return (
    <Button component={RouterLink} to={staffPath.reps} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
      Sales reps
    </Button>
  );
}

export function SalesRepPage() {
  const { id = '' } = useParams();
  const q = useGetSalesRepQuery(id);
  if (q.isError || !q.data)
    return (
      <>
        <BackToList />
        <PageTitle title="Sales rep" />
        {q.isError ? (
          <ErrorState message={errorMessage(q.error, REP_FAILED)} onRetry={() => void q.refetch()} />
        ) : (
          <Stack spacing={2} role="status" aria-label="Loading the sales rep" aria-busy="true">
            <Skeleton variant="rounded" height={96} />
            <Skeleton variant="rounded" height={200} />
          </Stack>
        )}
      </>
    );
  return <SalesRepView rep={q.data} />;
}

function SalesRepView({ rep }: { rep: SalesRep }) {
  const { canAdd, canEdit } = useUserManagementGrant();
  const [setActive, activeState] = useSetSalesRepActiveMutation();
  const [signOut, signOutState] = useSignOutSalesRepEverywhereMutation();
  const [setModules, modulesState] = useSetSalesRepModulesMutation();
  const [changeRole, roleState] = useChangeSalesRepRoleMutation();
  const choices = useGetSalesRepChoicesQuery();
  const roles = choices.data?.roles ?? [];
  const [roleId, setRoleId] = useState(rep.role?.id ?? '');
  const chosen = roles.find((r) => r.id === roleId);
  const [confirm, setConfirm] = useState<'deactivate' | 'signOut' | 'role' | null>(null);
  const [shared, setShared] = useState<{ module: (typeof SALES_MODULES)[number]; on: boolean } | null>(null);
  const [inviting, setInviting] = useState(false);

  const run = async (action: () => Promise<{ message: string }>) => {
    try {
      notify.success((await action()).message);
      setConfirm(null);
    } catch (err) {
      notify.error(errorMessage(err, REP_CHANGE_FAILED));
    }
  };
  const saveModule = async (module: (typeof SALES_MODULES)[number], on: boolean) => {
    const modules = SALES_MODULES.filter((m) => (m === module ? on : rep.modules.includes(m)));
    await run(() => setModules({ id: rep.id, modules }).unwrap());
    setShared(null);
  };
  // The modules are the role's: other reps of the role change too, so that is asked first.
  const toggle = (module: (typeof SALES_MODULES)[number], on: boolean) => {
    if ((rep.role?.repCount ?? 0) > 1) setShared({ module, on });
    else void saveModule(module, on);
  };

  const actions = (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, width: { xs: '100%', sm: 'auto' } }}>
      {!rep.user && canAdd ? (
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
          Invite sign-in
        </Button>
      ) : null}
      {rep.user && canEdit ? (
        <Button variant="outlined" startIcon={<LogoutIcon />} onClick={() => setConfirm('signOut')}>
          Sign out everywhere
        </Button>
      ) : null}
      {!canEdit ? null : rep.isActive ? (
        <Button color="error" variant="outlined" startIcon={<BlockIcon />} onClick={() => setConfirm('deactivate')}>
          Deactivate
        </Button>
      ) : (
        <Button
          variant="outlined"
          startIcon={<RestoreIcon />}
          loading={activeState.isLoading}
          onClick={() => void run(() => setActive({ id: rep.id, active: true }).unwrap())}
        >
          Reactivate
        </Button>
      )}
    </Stack>
  );

  return (
    <>
      <BackToList />
      <PageTitle title={rep.name} subtitle={`Sales rep ${rep.code}`} actions={actions} />
      <UserManagementTabs />
      {!rep.isActive ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This sales rep is inactive: they cannot sign in.
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
          mb: 2,
        }}
      >
        <Panel title="Details">
          <Facts
            rows={[
              ['Code', rep.code],
              ['Email', rep.email ?? 'None'],
              ['Phone', formatPhone(rep.phone) ?? 'None'],
              ['Sign-in', signInText(rep)],
              ['Status', <ActiveChip key="status" active={rep.isActive} />],
              ['Customers', String(rep.customerCount)],
              ['Sales role', rep.role?.name ?? 'None'],
            ]}
          />
        </Panel>
        <Panel title="Sales role and modules">
          <Stack spacing={1.5}>
            <TextField
              select
              label="Sales role"
              value={roleId}
              onChange={(ev) => setRoleId(ev.target.value)}
              disabled={!canEdit || !rep.user}
              helperText={
                !rep.user
                  ? 'Invite a sign-in first.'
                  : rep.role && rep.role.repCount > 1
                    ? `${rep.role.repCount} reps hold this role: a module switched here changes for all of them.`
                    : 'Its modules are the optional items of the rep’s menu.'
              }
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {rep.role ? null : <option value="">No sales role</option>}
              {roles.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </TextField>
            {canEdit && rep.user ? (
              <Button
                variant="outlined"
                disabled={!chosen || roleId === rep.role?.id}
                onClick={() => setConfirm('role')}
                sx={{ alignSelf: 'flex-start' }}
              >
                Change role
              </Button>
            ) : null}
            <Stack>
              {SALES_MODULES.map((m) => (
                <FormControlLabel
                  key={m}
                  control={
                    <Switch
                      checked={rep.modules.includes(m)}
                      disabled={!canEdit || !rep.role || modulesState.isLoading}
                      onChange={(ev) => toggle(m, ev.target.checked)}
                    />
                  }
                  label={
                    <span>
                      {m}
                      <Typography variant="caption" color="textSecondary" component="span" sx={{ display: 'block' }}>
                        {MODULE_HINTS[m]}
                      </Typography>
                    </span>
                  }
                  sx={{ py: 0.5 }}
                />
              ))}
            </Stack>
          </Stack>
        </Panel>
      </Box>
      <Box sx={{ mb: 2 }}>
        <RepCustomers rep={rep} />
      </Box>
      <AuditTrail
        path={`/admin/sales-reps/${encodeURIComponent(rep.id)}/audit`}
        labels={{ signIn: 'Sign-in', sessions: 'Sessions', role: 'Sales role' }}
      />

      {confirm === 'deactivate' ? (
        <ConfirmModal
          title="Deactivate sales rep"
          confirmLabel="Deactivate"
          busy={activeState.isLoading}
          onClose={() => setConfirm(null)}
          onConfirm={() => void run(() => setActive({ id: rep.id, active: false }).unwrap())}
        >
          {deactivateRepQuestion(rep.name, rep.customerCount)}
        </ConfirmModal>
      ) : null}
      {confirm === 'signOut' ? (
        <ConfirmModal
          title="Sign out everywhere"
          confirmLabel="Sign out"
          busy={signOutState.isLoading}
          onClose={() => setConfirm(null)}
          onConfirm={() => void run(() => signOut(rep.id).unwrap())}
        >
          {signOutQuestion(rep.name)}
        </ConfirmModal>
      ) : null}
      {confirm === 'role' && chosen ? (
        <ConfirmModal
          title="Change sales role"
          confirmLabel="Change role"
          destructive={false}
          busy={roleState.isLoading}
          onClose={() => setConfirm(null)}
          onConfirm={() => void run(() => changeRole({ id: rep.id, roleId: chosen.id }).unwrap())}
        >
          {`Give ${rep.name} the sales role ${chosen.name}? Their menu follows at their next sign-in.`}
        </ConfirmModal>
      ) : null}
      {shared && rep.role ? (
        <ConfirmModal
          title={shared.on ? 'Add a module' : 'Remove a module'}
          confirmLabel={shared.on ? 'Add for all' : 'Remove for all'}
          destructive={!shared.on}
          busy={modulesState.isLoading}
          onClose={() => setShared(null)}
          onConfirm={() => void saveModule(shared.module, shared.on)}
        >
          {`${shared.on ? 'Add' : 'Remove'} ${shared.module} ${shared.on ? 'to' : 'from'} the role ${rep.role.name}? All ${rep.role.repCount} reps who hold it see the change at their next sign-in.`}
        </ConfirmModal>
      ) : null}
      {inviting ? <InviteRepDialog rep={rep} onClose={() => setInviting(false)} /> : null}
    </>
  );
}

function RepCustomers({ rep }: { rep: SalesRep }) {
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const [page, setPage] = useState({ page: 1, limit: 10, search: '' });
  // A new search starts at the first page.
  const current = page.search === settled ? page : { page: 1, limit: page.limit, search: settled };
  const params = new URLSearchParams({ page: String(current.page), limit: String(current.limit) });
  if (settled) params.set('search', settled);
  const q = useGetSalesRepCustomersQuery({ id: rep.id, params: params.toString() });

  let body;
  if (q.isError) body = <ErrorState message={errorMessage(q.error, REP_CUSTOMERS_FAILED)} onRetry={() => void q.refetch()} />;
  else if (!q.data) body = <Skeleton variant="rounded" height={120} aria-label="Loading customers" />;
  else if (!q.data.items.length)
    body = (
      <EmptyState
        title={settled ? 'No customers match' : 'No customers assigned'}
        hint={settled ? 'Try another search.' : undefined}
      />
    );
  else
    body = (
      <Stack component="ul" aria-label="Customers" sx={{ listStyle: 'none', p: 0, m: 0, opacity: q.isFetching ? 0.6 : 1 }}>
        {q.data.items.map((c) => (
          <Stack
            component="li"
            key={c.id}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center', py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
          >
            <Typography
              variant="body2"
              color="textSecondary"
              sx={{ width: 56, flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
            >
              {c.C_Number}
            </Typography>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Link component={RouterLink} to={staffPath.retailer(c.id)} underline="hover" sx={{ fontWeight: 600 }}>
                {c.companyName}
              </Link>
              <Typography variant="caption" color="textSecondary" component="div">
                {[c.city, c.routeNumber ? `Route ${c.routeNumber}` : null].filter(Boolean).join(' · ') || ' '}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', display: { xs: 'none', sm: 'block' } }}>
              {formatMoney(c.balanceCents)}
            </Typography>
            {c.isActive ? null : <ActiveChip active={false} />}
          </Stack>
        ))}
      </Stack>
    );

  return (
    <Panel
      title="Customers"
      action={
        rep.customerCount ? (
          <Button size="small" startIcon={<SwapHorizIcon />} component={RouterLink} to={staffPath.repStores(rep.id)}>
            Reassign
          </Button>
        ) : null
      }
    >
      <SearchField
        label="Search customers"
        placeholder="C_Number, name or city"
        value={search}
        onChange={setSearch}
        sx={{ width: { xs: '100%', sm: 320 }, mb: 1 }}
      />
      {body}
      {q.data && q.data.total > current.limit ? (
        <TablePagination
          component="div"
          count={q.data.total}
          page={current.page - 1}
          rowsPerPage={current.limit}
          rowsPerPageOptions={[10, 25, 50]}
          onPageChange={(_e, p) => setPage({ ...current, page: p + 1 })}
          onRowsPerPageChange={(e) => setPage({ page: 1, limit: Number(e.target.value), search: settled })}
          labelRowsPerPage="Per page"
          sx={{ '& .MuiTablePagination-toolbar': { px: 0 } }}
        />
      ) : null}
    </Panel>
  );
}

function InviteRepDialog({ rep, onClose }: { rep: SalesRep; onClose: () => void }) {
  const [invite, state] = useInviteSalesRepMutation();
  const { register, handleSubmit, formState, setError } = useForm<InviteSalesRepBody>({
    resolver: zodResolver(inviteSalesRepBody),
    defaultValues: { emailPhone: rep.email ?? rep.phone ?? '' },
  });
  const onSubmit = handleSubmit(async (body) => {
    try {
      notify.success((await invite({ id: rep.id, ...body }).unwrap()).message);
      onClose();
    } catch (err) {
      const { status, fields } = fieldErrors(err);
      if (fields.emailPhone || status === 409)
        setError('emailPhone', { message: fields.emailPhone ?? errorMessage(err, INVITE_FAILED) });
      else notify.error(errorMessage(err, INVITE_FAILED));
    }
  });
  return (
    <FormModal
      title={`Invite ${rep.name} to sign in`}
      onClose={onClose}
      onSubmit={(ev) => void onSubmit(ev)}
      busy={state.isLoading}
      submitLabel="Send invitation"
    >
      <Typography variant="body2" color="textSecondary">
        They receive a one-time code to sign in with, and can then set a password with “Forgot password”.
      </Typography>
      <InputField
        label="Email or phone number"
        required
        autoFocus
        autoComplete="off"
        {...muiField(register('emailPhone'))}
        error={Boolean(formState.errors.emailPhone)}
        helperText={formState.errors.emailPhone?.message}
      />
    </FormModal>
  );
}
