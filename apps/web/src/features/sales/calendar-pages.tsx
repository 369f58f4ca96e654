// /sales/calender and /sales/calender/view (issue 4 §2): the rep's retailers by order day across the
// week (C_OrderDay 1..7 Monday..Sunday, 8 Other, 0 none), and one day's retailers in detail. The
// distributor's calendar entries have no API for sales reps yet, so only the order-day view is shown.
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { isoWeekday, ORDER_DAY_NAMES, orderDayColour, daysUntilOrderDay } from '@portal/shared/orders/order-day';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { money } from '../catalog/format';
import { EmptyState, ErrorState, ListSkeleton } from '../catalog/list-states';
import { ORDER_DAY_PALETTE } from '../dashboard/order-day-indicator';
import type { SalesCustomer } from './customer-session';
import { OrderDayChip } from './order-day-chip';
import { CUSTOMER_LIST_FAILED } from './retailers-page';
import { useGetCustomerListQuery } from './sales.api';

/** Calendar columns: the seven weekdays, then Other (8) and none (0). */
export const CALENDAR_DAYS = [1, 2, 3, 4, 5, 6, 7, 8, 0] as const;

export function dayName(code: number): string {
  if (code === 8) return 'Other (OT)';
  if (code >= 1 && code <= 7) return ORDER_DAY_NAMES[code]!;
  return 'No order day (NA)';
}

/** The rep's customers grouped by order day code (unknown codes count as 0). */
export function byOrderDay(list: readonly SalesCustomer[]): Map<number, SalesCustomer[]> {
  const groups = new Map<number, SalesCustomer[]>(CALENDAR_DAYS.map((d) => [d, []]));
  for (const c of list) {
    const code = (CALENDAR_DAYS as readonly number[]).includes(c.C_OrderDay) ? c.C_OrderDay : 0;
    groups.get(code)!.push(c);
  }
  return groups;
}

function shortDayName(code: number): string {
  if (code === 8) return 'OT';
  return code >= 1 && code <= 7 ? dayName(code).slice(0, 3) : 'NA';
}

function useGroups() {
  const list = useGetCustomerListQuery();
  const groups = useMemo(() => byOrderDay(list.data?.data ?? []), [list.data]);
  return { list, groups };
}

function DayBadge({ code, today }: { code: number; today: number }) {
  if (code < 1 || code > 7) return null;
  const days = daysUntilOrderDay(code, today);
  const { bg, fg } = ORDER_DAY_PALETTE[orderDayColour(days)];
  return <Chip size="small" label={days === 0 ? 'Today' : `in ${days}d`} sx={{ bgcolor: bg, color: fg, fontWeight: 600, height: 22 }} />;
}

export function SalesCalendarPage() {
  const { list, groups } = useGroups();
  const today = isoWeekday(new Date());
  let body;
  if (list.isLoading) body = <ListSkeleton rows={5} image={false} label="Loading calendar" />;
  else if (list.isError) body = <ErrorState message={errorMessage(list.error, CUSTOMER_LIST_FAILED)} onRetry={() => void list.refetch()} />;
  else
    body = (
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)', xl: 'repeat(7, 1fr)' } }}>
        {CALENDAR_DAYS.map((code) => {
          const customers = groups.get(code)!;
          // Other and none show only when some retailer has them.
          if ((code === 0 || code === 8) && customers.length === 0) return null;
          const isToday = code === today;
          return (
            <Paper
              key={code}
              variant="outlined"
              component="section"
              aria-label={dayName(code)}
              sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, borderColor: isToday ? 'primary.main' : 'divider', borderWidth: isToday ? 2 : 1 }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
                  {dayName(code)}
                </Typography>
                <DayBadge code={code} today={today} />
              </Stack>
              <Typography variant="caption" color="text.secondary">
                {customers.length} {customers.length === 1 ? 'retailer' : 'retailers'}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
                {customers.slice(0, 6).map((c) => (
                  <Typography component="li" key={c.id} variant="body2" noWrap title={`${c.C_Number} - ${c.C_CoName}`}>
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {c.C_Number}
                    </Box>{' '}
                    {c.C_CoName}
                  </Typography>
                ))}
                {customers.length > 6 ? (
                  <Typography component="li" variant="caption" color="text.secondary">
                    and {customers.length - 6} more
                  </Typography>
                ) : null}
              </Box>
              <Box sx={{ flex: 1 }} />
              <Button component={RouterLink} to={`/sales/calender/view?day=${code}`} size="small" endIcon={<ChevronRight />} sx={{ alignSelf: 'flex-start' }} disabled={customers.length === 0}>
                View day
              </Button>
            </Paper>
          );
        })}
      </Box>
    );
  return (
    <Box>
      <PageTitle title="Calender" subtitle="Your retailers by order day" />
      {body}
    </Box>
  );
}

export function SalesCalendarViewPage() {
  const { list, groups } = useGroups();
  const [params, setParams] = useSearchParams();
  const today = isoWeekday(new Date());
  const requested = Number(params.get('day'));
  const day = (CALENDAR_DAYS as readonly number[]).includes(requested) && params.get('day') !== null ? requested : today;
  const customers = groups.get(day) ?? [];

  let body;
  if (list.isLoading) body = <ListSkeleton rows={5} image={false} label="Loading retailers" />;
  else if (list.isError) body = <ErrorState message={errorMessage(list.error, CUSTOMER_LIST_FAILED)} onRetry={() => void list.refetch()} />;
  else if (customers.length === 0) body = <EmptyState title={`No retailers order on ${dayName(day)}`} />;
  else
    body = (
      <Paper variant="outlined" component="ul" aria-label={`Retailers ordering on ${dayName(day)}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {customers.map((c, i) => (
          <Box component="li" key={c.id} sx={{ p: 1.5, borderTop: i === 0 ? 0 : 1, borderColor: 'divider', display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <Typography variant="subtitle2" sx={{ fontWeight: 600 }}>
                {c.C_CoName}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                #{c.C_Number} · Route {c.Routes[0]?.Route_Number ?? '-'} · Stop {c.Routes[0]?.Stop_Number ?? '-'}
                {c.C_City ? ` · ${c.C_City}` : ''}
              </Typography>
            </Box>
            <OrderDayChip orderDay={c.C_OrderDay} />
            <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 90, textAlign: 'right' }}>
              {money(c.LastBalance)}
            </Typography>
          </Box>
        ))}
      </Paper>
    );

  return (
    <Box>
      <PageTitle
        title="Calender"
        subtitle={`${dayName(day)}: ${customers.length} ${customers.length === 1 ? 'retailer' : 'retailers'}`}
        actions={
          <Button component={RouterLink} to="/sales/calender" size="small">
            Week view
          </Button>
        }
      />
      <Tabs
        value={day}
        onChange={(_e, v: number) => setParams({ day: String(v) }, { replace: true })}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Order day"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {CALENDAR_DAYS.map((code) => (
          <Tab key={code} value={code} label={`${shortDayName(code)} (${groups.get(code)!.length})`} />
        ))}
      </Tabs>
      {body}
    </Box>
  );
}
