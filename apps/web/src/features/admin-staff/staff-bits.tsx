// Pieces the staff and sales-rep screens share: the tabs between roles, staff users and sales reps; the
// status chips; a two-line cell; the phone's card list with sort and paging; the field errors of a
// refused form; and the confirmation texts.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PAGE_SIZES, type SortDir } from '../../components/data-grid/use-grid-url-state';
import { EmptyState, ErrorState } from '../../components/list-states';
import { dateTime } from '../../lib/format';

/** Roles (the roles screen), Staff users, Sales reps: one heading row for User Management. */
export { UserManagementTabs } from '../../components/user-management-tabs';

export function ActiveChip({ active }: { active: boolean }) {
  return <Chip size="small" label={active ? 'Active' : 'Inactive'} color={active ? 'success' : 'default'} variant="outlined" />;
}

/** Whether the invited person has set a password yet. */
export function SignInChip({ hasPassword }: { hasPassword: boolean }) {
  return hasPassword ? null : <Chip size="small" label="Invited" color="info" variant="outlined" />;
}

export const lastSeenText = (iso: string | null) => (iso ? dateTime(iso) : 'Never signed in');

/** A cell's text on one or two lines (the second smaller and quieter). */
export function TwoLines({ first, second }: { first: ReactNode; second?: ReactNode }) {
  return (
    <Box sx={{ lineHeight: 1.35, whiteSpace: 'normal', minWidth: 0, overflowWrap: 'anywhere' }}>
      <Typography variant="body2" component="div">
        {first}
      </Typography>
      {second ? (
        <Typography variant="caption" color="textSecondary" component="div">
          {second}
        </Typography>
      ) : null}
    </Box>
  );
}

/** A refused request's field messages, by field name. */
export function fieldErrors(err: unknown): { status?: unknown; fields: Record<string, string> } {
  const e = err as { status?: unknown; data?: { error?: { fields?: Record<string, string> } } } | undefined;
  return { status: e?.status, fields: e?.data?.error?.fields ?? {} };
}

export const deactivateStaffQuestion = (name: string) =>
  `Deactivate ${name}? They are signed out at once and cannot sign in until reactivated.`;
export const signOutQuestion = (name: string) =>
  `Sign ${name} out everywhere? Every device they use is signed out; they can sign in again.`;
export const deactivateRepQuestion = (name: string, customers: number) =>
  `Deactivate ${name}? They are signed out at once and cannot sign in until reactivated.` +
  (customers
    ? ` Their ${customers === 1 ? 'customer stays' : `${customers} customers stay`} assigned to them until reassigned.`
    : '');

/** The list on a phone: one card per record, a sort picker and paging below. */
export function CardList<R extends { id: string }, S extends string>(props: {
  label: string;
  rows: readonly R[];
  total: number;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  page: number;
  limit: number;
  sort: S;
  dir: SortDir;
  sorts: readonly S[];
  sortLabels: Record<S, string>;
  onPageChange(page: number, limit: number): void;
  onSortChange(sort: S, dir: SortDir): void;
  count: ReactNode;
  empty: { title: string; hint?: string };
  to: (row: R) => string;
  card: (row: R) => ReactNode;
}) {
  if (props.error) return <ErrorState message={props.error} onRetry={props.onRetry} />;
  const first = props.loading && !props.rows.length;
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Box sx={{ flex: 1 }}>{props.count}</Box>
        <TextField
          select
          size="small"
          label="Sort by"
          value={`${props.sort}:${props.dir}`}
          onChange={(e) => {
            const [sort, dir] = e.target.value.split(':') as [S, SortDir];
            props.onSortChange(sort, dir);
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 160 }}
        >
          {props.sorts.flatMap((key) =>
            (['asc', 'desc'] as const).map((dir) => (
              <option key={`${key}:${dir}`} value={`${key}:${dir}`}>
                {`${props.sortLabels[key]} ${dir === 'asc' ? '↑' : '↓'}`}
              </option>
            )),
          )}
        </TextField>
      </Stack>
      {first ? (
        <Stack spacing={1.5} role="status" aria-label={`Loading ${props.label.toLowerCase()}`} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Stack>
      ) : !props.rows.length ? (
        <EmptyState title={props.empty.title} hint={props.empty.hint} />
      ) : (
        <Stack
          component="ul"
          spacing={1.5}
          aria-label={props.label}
          sx={{ listStyle: 'none', p: 0, m: 0, opacity: props.loading ? 0.6 : 1 }}
        >
          {props.rows.map((r) => (
            <Box component="li" key={r.id}>
              <Card variant="outlined">
                <CardActionArea component={RouterLink} to={props.to(r)} sx={{ p: 1.5 }}>
                  {props.card(r)}
                </CardActionArea>
              </Card>
            </Box>
          ))}
        </Stack>
      )}
      <TablePagination
        component="div"
        count={props.total}
        page={props.page - 1}
        rowsPerPage={props.limit}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_e, page) => props.onPageChange(page + 1, props.limit)}
        onRowsPerPageChange={(e) => props.onPageChange(1, Number(e.target.value))}
        labelRowsPerPage="Per page"
        sx={{ '& .MuiTablePagination-toolbar': { px: 0 } }}
      />
    </Box>
  );
}
