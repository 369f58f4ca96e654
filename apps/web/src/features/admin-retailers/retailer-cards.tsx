// The retailer list on a phone: the same server page as the grid, one card per store (who, where, when
// it orders, its balance and status), a sort picker and paging below. A card opens the store's page.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_RETAILER_SORT_KEYS } from '@portal/shared/api/sort';
import { formatPhone } from '@portal/shared/contact/phone';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PAGE_SIZES, type SortDir } from '../../components/data-grid/use-grid-url-state';
import { EmptyState, ErrorState } from '../../components/list-states';
import { shortDate } from '../../lib/format';
import type { RetailerRow, RetailerSort } from './admin-retailers.types';
import { Balance, RetailerStatusChip } from './retailer-bits';
import { orderDayLabel, routeStop } from './retailer-labels';

const SORT_LABELS: Record<RetailerSort, string> = {
  name: 'Business',
  cNumber: 'C_Number',
  city: 'City',
  route: 'Route / stop',
  balance: 'Balance',
  lastOrder: 'Last order',
};

export function RetailerCards(props: {
  rows: readonly RetailerRow[];
  total: number;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  page: number;
  limit: number;
  sort: RetailerSort;
  dir: SortDir;
  onPageChange(page: number, limit: number): void;
  onSortChange(sort: RetailerSort, dir: SortDir): void;
  count: ReactNode;
  empty: { title: string; hint?: string };
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
            const [sort, dir] = e.target.value.split(':') as [RetailerSort, SortDir];
            props.onSortChange(sort, dir);
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 170 }}
        >
          {ADMIN_RETAILER_SORT_KEYS.flatMap((key) =>
            (['asc', 'desc'] as const).map((dir) => (
              <option key={`${key}:${dir}`} value={`${key}:${dir}`}>
                {`${SORT_LABELS[key]} ${dir === 'asc' ? '↑' : '↓'}`}
              </option>
            )),
          )}
        </TextField>
      </Stack>
      {first ? (
        <Stack spacing={1.5} role="status" aria-label="Loading retailers" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={112} />
          ))}
        </Stack>
      ) : !props.rows.length ? (
        <EmptyState title={props.empty.title} hint={props.empty.hint} />
      ) : (
        <Stack
          component="ul"
          spacing={1.5}
          aria-label="Retailers"
          sx={{ listStyle: 'none', p: 0, m: 0, opacity: props.loading ? 0.6 : 1 }}
        >
          {props.rows.map((r) => (
            <Box component="li" key={r.id}>
              <RetailerCard row={r} />
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

function RetailerCard({ row }: { row: RetailerRow }) {
  const where = [row.city, routeStop(row.routeNumber, row.stopNumber) && `Route ${routeStop(row.routeNumber, row.stopNumber)}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={`/admin/retailers/view/${encodeURIComponent(row.id)}`} sx={{ p: 1.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="caption" color="textSecondary" component="div">
              {row.C_Number}
            </Typography>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {row.companyName}
            </Typography>
          </Box>
          <RetailerStatusChip active={row.isActive} />
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {[row.contactName, formatPhone(row.phone)].filter(Boolean).join(' · ')}
        </Typography>
        {where ? <Typography variant="body2">{where}</Typography> : null}
        <Typography variant="body2" color="textSecondary">
          {[`Order day ${orderDayLabel(row.orderDay)}`, row.salesRep?.name, `Price ${row.priceClass}`]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        <Stack direction="row" useFlexGap sx={{ mt: 0.75, alignItems: 'baseline', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 }}>
          <Box>
            <Typography variant="caption" color="textSecondary" component="span">
              Balance{' '}
            </Typography>
            <Balance cents={row.balanceCents} />
          </Box>
          <Typography variant="caption" color="textSecondary">
            {row.lastOrderAt ? `Last order ${shortDate(row.lastOrderAt)}` : 'No orders yet'}
          </Typography>
          {row.openOrderCount ? (
            <Typography variant="caption" color="textSecondary">
              {`${row.openOrderCount} open ${row.openOrderCount === 1 ? 'order' : 'orders'}`}
            </Typography>
          ) : null}
        </Stack>
      </CardActionArea>
    </Card>
  );
}
