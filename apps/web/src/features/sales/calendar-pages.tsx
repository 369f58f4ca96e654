// /sales/calender and /sales/calender/view (issue 4 §2): one week, Monday..Sunday, each day with the
// distributor's calendar entries the rep may see (GET /sales/calendar) and then the rep's retailers
// whose order day it is (C_OrderDay 1..7 Monday..Sunday; 8 Other and 0 none have no date and get
// their own cards/tabs). ?week=YYYY-MM-DD picks the week (any day of it), the view page takes
// ?date=YYYY-MM-DD, or ?day=N (1..7 that weekday of this week, 8/0 the Other/none lists, with ?week).
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import EventOutlined from '@mui/icons-material/EventOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { CalendarEntry } from '@portal/shared/calendar/calendar.schemas';
import { isoWeekday, ORDER_DAY_NAMES, orderDayColour, daysUntilOrderDay } from '@portal/shared/orders/order-day';
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { money } from '../../lib/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { ORDER_DAY_PALETTE } from '../../components/order-day-indicator';
import { CALENDAR_FAILED, useGetSalesCalendarQuery } from './calendar.api';
import {
  addDays,
  dateKey,
  entriesByDay,
  entryTimeLabel,
  longDayLabel,
  mondayOf,
  parseDateKey,
  shortDayLabel,
  startOfDay,
  weekDays,
  weekFetchRange,
  weekLabel,
} from './calendar-week';
import type { SalesCustomer } from './customer-session';
import { OrderDayChip } from './order-day-chip';
import { CUSTOMER_LIST_FAILED } from './retailers-page';
import { useGetCustomerListQuery } from './sales.api';

/** Order-day codes: the seven weekdays, then Other (8) and none (0). */
export const CALENDAR_DAYS = [1, 2, 3, 4, 5, 6, 7, 8, 0] as const;
/** The order-day groups that have no date in the week. */
const UNDATED = [8, 0] as const;

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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The rep's customers by order day, and the week's calendar entries by local day. */
function useCalendarWeek(monday: Date) {
  const list = useGetCustomerListQuery();
  const groups = useMemo(() => byOrderDay(list.data?.data ?? []), [list.data]);
  const range = weekFetchRange(monday);
  const calendar = useGetSalesCalendarQuery(range);
  const mondayKey = dateKey(monday);
  const days = useMemo(() => weekDays(parseDateKey(mondayKey)!), [mondayKey]);
  // currentData: while another week loads, the previous week's entries must not show on these dates.
  const entries = calendar.currentData?.entries;
  const byDay = useMemo(() => entriesByDay(entries ?? [], days), [entries, days]);
  const weekEntryCount = useMemo(() => new Set([...byDay.values()].flat().map((e) => e.id)).size, [byDay]);
  return { list, groups, calendar, days, byDay, weekEntryCount, entriesLoading: !calendar.currentData && !calendar.isError };
}

function DayBadge({ code, today }: { code: number; today: number }) {
  const days = daysUntilOrderDay(code, today);
  const { bg, fg } = ORDER_DAY_PALETTE[orderDayColour(days)];
  return (
    <Chip
      size="small"
      label={days === 0 ? 'Today' : `in ${days}d`}
      title="Days to this order day"
      sx={{ bgcolor: bg, color: fg, fontWeight: 600, height: 22 }}
    />
  );
}

function WeekNav({
  monday,
  onWeek,
  isCurrent,
  summary,
}: {
  monday: Date;
  onWeek: (monday: Date | null) => void;
  isCurrent: boolean;
  summary?: string;
}) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 0.5 }}
      component="nav"
      aria-label="Week"
    >
      <IconButton aria-label="Previous week" onClick={() => onWeek(addDays(monday, -7))} size="small">
        <ChevronLeft />
      </IconButton>
      {/* A fixed width on wider screens, so the arrows stay put from week to week. */}
      <Box sx={{ minWidth: 0, textAlign: 'center', flex: { xs: 1, sm: '0 0 200px' } }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }} aria-live="polite">
          {weekLabel(monday)}
        </Typography>
        {summary ? (
          <Typography variant="caption" color="textSecondary" component="div">
            {summary}
          </Typography>
        ) : null}
      </Box>
      <IconButton aria-label="Next week" onClick={() => onWeek(addDays(monday, 7))} size="small">
        <ChevronRight />
      </IconButton>
      <Button size="small" onClick={() => onWeek(null)} disabled={isCurrent} sx={{ ml: { sm: 1 } }}>
        This week
      </Button>
    </Stack>
  );
}

function EntriesError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {errorMessage(error, CALENDAR_FAILED)}
    </Alert>
  );
}

function CustomerLink({ customer }: { customer: NonNullable<CalendarEntry['customer']> }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', minWidth: 0 }}>
      <StorefrontOutlined sx={{ fontSize: 14 }} aria-hidden />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {customer.C_Number} {customer.C_CoName}
      </Box>
    </Box>
  );
}

/** One entry inside a day card of the week: time, title, store. */
function EntryChipItem({ entry, day }: { entry: CalendarEntry; day: string }) {
  return (
    <Box
      component="li"
      title={entry.description ?? entry.title}
      sx={{ borderLeft: 3, borderColor: 'primary.main', bgcolor: 'action.hover', borderRadius: 1, px: 1, py: 0.5, minWidth: 0 }}
    >
      <Typography variant="caption" sx={{ fontWeight: 700, color: 'primary.main', display: 'block', lineHeight: 1.4 }}>
        {entryTimeLabel(entry, day)}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.35, overflowWrap: 'anywhere' }}>
        {entry.title}
      </Typography>
      {entry.customer ? (
        <Typography variant="caption" component="div" sx={{ display: 'flex', minWidth: 0 }}>
          <CustomerLink customer={entry.customer} />
        </Typography>
      ) : null}
    </Box>
  );
}

function RetailerLines({ customers }: { customers: readonly SalesCustomer[] }) {
  return (
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
        <Typography component="li" variant="caption" color="textSecondary">
          and {customers.length - 6} more
        </Typography>
      ) : null}
    </Box>
  );
}

function DayCard(props: {
  label: string;
  heading: string;
  caption?: string;
  highlight: boolean;
  badge?: ReactNode;
  /** Dated days say who orders that day; the Other/none groups just count. */
  retailerCaption: (n: number) => string;
  /** failed: not loaded (the page shows the error once, above the days). */
  entries?: { day: string; list: readonly CalendarEntry[]; loading: boolean; failed: boolean };
  customers: readonly SalesCustomer[];
  to: string;
}) {
  const { entries, customers } = props;
  const nothing =
    customers.length === 0 && entries !== undefined && !entries.loading && !entries.failed && entries.list.length === 0;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={props.label}
      sx={{
        p: 1.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        minWidth: 0,
        borderColor: props.highlight ? 'primary.main' : 'divider',
        borderWidth: props.highlight ? 2 : 1,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {props.heading}
        </Typography>
        {props.caption ? (
          <Typography variant="body2" color="textSecondary" sx={{ flex: 1 }}>
            {props.caption}
          </Typography>
        ) : (
          <Box sx={{ flex: 1 }} />
        )}
        {props.badge}
      </Stack>
      {entries?.loading ? <Skeleton variant="rounded" height={44} aria-label="Loading entries" /> : null}
      {entries && entries.list.length > 0 ? (
        <Box component="ul" aria-label="Calendar entries" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
          {entries.list.map((e) => (
            <EntryChipItem key={e.id} entry={e} day={entries.day} />
          ))}
        </Box>
      ) : null}
      {customers.length > 0 ? (
        <>
          <Typography variant="caption" color="textSecondary">
            {props.retailerCaption(customers.length)}
          </Typography>
          <RetailerLines customers={customers} />
        </>
      ) : null}
      {nothing ? (
        <Typography variant="body2" color="textSecondary">
          Nothing scheduled
        </Typography>
      ) : null}
      <Box sx={{ flex: 1 }} />
      <Button component={RouterLink} to={props.to} size="small" endIcon={<ChevronRight />} sx={{ alignSelf: 'flex-start' }}>
        View day
      </Button>
    </Paper>
  );
}

export function SalesCalendarPage() {
  const [params, setParams] = useSearchParams();
  const today = startOfDay(new Date());
  const monday = mondayOf(parseDateKey(params.get('week')) ?? today);
  const isCurrent = dateKey(monday) === dateKey(mondayOf(today));
  const { list, groups, calendar, days, byDay, weekEntryCount, entriesLoading } = useCalendarWeek(monday);
  const onWeek = (m: Date | null) => setParams(m ? { week: dateKey(m) } : {}, { replace: true });
  const summary = entriesLoading
    ? 'Loading entries…'
    : calendar.isError
      ? 'Entries not loaded'
      : weekEntryCount === 0
        ? 'No calendar entries this week'
        : `${plural(weekEntryCount, 'calendar entry', 'calendar entries')} this week`;

  let body;
  if (list.isLoading) body = <ListSkeleton rows={5} image={false} label="Loading calendar" />;
  else if (list.isError)
    body = <ErrorState message={errorMessage(list.error, CUSTOMER_LIST_FAILED)} onRetry={() => void list.refetch()} />;
  else {
    const weekday = isoWeekday(today);
    body = (
      <>
        {calendar.isError ? <EntriesError error={calendar.error} onRetry={() => void calendar.refetch()} /> : null}
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)', xl: 'repeat(7, 1fr)' },
          }}
        >
          {days.map((date) => {
            const key = dateKey(date);
            const code = isoWeekday(date);
            const isToday = key === dateKey(today);
            return (
              <DayCard
                key={key}
                label={longDayLabel(date)}
                heading={ORDER_DAY_NAMES[code]!}
                caption={date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}
                highlight={isToday}
                // Days to the order day only where that is this date: today and the rest of this week.
                badge={isCurrent && key >= dateKey(today) ? <DayBadge code={code} today={weekday} /> : undefined}
                retailerCaption={(n) => plural(n, 'retailer orders', 'retailers order')}
                entries={{ day: key, list: byDay.get(key) ?? [], loading: entriesLoading, failed: calendar.isError }}
                customers={groups.get(code)!}
                to={`/sales/calender/view?date=${key}`}
              />
            );
          })}
          {UNDATED.map((code) =>
            // Other and none show only when some retailer has them.
            groups.get(code)!.length === 0 ? null : (
              <DayCard
                key={code}
                label={dayName(code)}
                heading={dayName(code)}
                highlight={false}
                retailerCaption={(n) => plural(n, 'retailer', 'retailers')}
                customers={groups.get(code)!}
                to={`/sales/calender/view?day=${code}&week=${dateKey(monday)}`}
              />
            ),
          )}
        </Box>
      </>
    );
  }
  return (
    <Box>
      <PageTitle title="Calender" subtitle="Calendar entries and your retailers by order day" />
      <WeekNav monday={monday} onWeek={onWeek} isCurrent={isCurrent} summary={summary} />
      {body}
    </Box>
  );
}

/** One entry in full on the day view: time, title, description, store. */
function EntryRow({ entry, day, first }: { entry: CalendarEntry; day: string; first: boolean }) {
  return (
    <Box
      component="li"
      sx={{ p: 1.5, borderTop: first ? 0 : 1, borderColor: 'divider', display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
    >
      <EventOutlined color="primary" sx={{ mt: 0.25 }} aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="caption" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {entryTimeLabel(entry, day)}
        </Typography>
        <Typography variant="subtitle2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {entry.title}
        </Typography>
        {entry.description ? (
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {entry.description}
          </Typography>
        ) : null}
        {entry.customer ? (
          <Typography variant="caption" component="div" sx={{ display: 'flex', mt: 0.5 }}>
            <CustomerLink customer={entry.customer} />
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

function SectionHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mt: 2, mb: 1 }}>
      {children}
    </Typography>
  );
}

function RetailerRows({ customers, label }: { customers: readonly SalesCustomer[]; label: string }) {
  return (
    <Paper variant="outlined" component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {customers.map((c, i) => (
        <Box
          component="li"
          key={c.id}
          sx={{
            p: 1.5,
            borderTop: i === 0 ? 0 : 1,
            borderColor: 'divider',
            display: 'flex',
            gap: 1.5,
            alignItems: 'center',
            flexWrap: 'wrap',
          }}
        >
          <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
            <Typography variant="subtitle2" sx={{ fontWeight: 600 }}>
              {c.C_CoName}
            </Typography>
            <Typography variant="caption" color="textSecondary" component="div">
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
}

/** What the view page shows: one date of a week, or one of the undated order-day groups of a week. */
function viewSelection(params: URLSearchParams, today: Date): { date: Date | null; group: 8 | 0 | null; monday: Date } {
  const dayParam = params.get('day');
  const code = dayParam !== null && /^[0-8]$/.test(dayParam) ? Number(dayParam) : null;
  if (code === 8 || code === 0) return { date: null, group: code, monday: mondayOf(parseDateKey(params.get('week')) ?? today) };
  // ?day=1..7 (links from before dates): that weekday of the current week.
  const date = parseDateKey(params.get('date')) ?? (code !== null ? addDays(mondayOf(today), code - 1) : today);
  return { date, group: null, monday: mondayOf(date) };
}

export function SalesCalendarViewPage() {
  const [params, setParams] = useSearchParams();
  const today = startOfDay(new Date());
  const { date, group, monday } = viewSelection(params, today);
  const isCurrent = dateKey(monday) === dateKey(mondayOf(today));
  const { list, groups, calendar, days, byDay, entriesLoading } = useCalendarWeek(monday);

  const selectedKey = date ? dateKey(date) : null;
  const code = date ? isoWeekday(date) : group!;
  const customers = groups.get(code) ?? [];
  const entries = selectedKey ? (byDay.get(selectedKey) ?? []) : [];
  const tabValue = selectedKey ?? `day-${group}`;

  const onWeek = (m: Date | null) => {
    if (group !== null) setParams(m ? { day: String(group), week: dateKey(m) } : { day: String(group) }, { replace: true });
    else setParams({ date: dateKey(m ? addDays(m, (date ? isoWeekday(date) : 1) - 1) : today) }, { replace: true });
  };
  const onTab = (value: string) => {
    if (value.startsWith('day-')) setParams({ day: value.slice(4), week: dateKey(monday) }, { replace: true });
    else setParams({ date: value }, { replace: true });
  };

  const heading = date ? longDayLabel(date) : dayName(code);
  const counts = [
    date && !entriesLoading && !calendar.isError ? plural(entries.length, 'entry', 'entries') : null,
    plural(customers.length, 'retailer', 'retailers'),
  ];
  const subtitle = `${heading}: ${counts.filter(Boolean).join(', ')}`;

  let body;
  if (list.isLoading) body = <ListSkeleton rows={5} image={false} label="Loading calendar" />;
  else if (list.isError)
    body = <ErrorState message={errorMessage(list.error, CUSTOMER_LIST_FAILED)} onRetry={() => void list.refetch()} />;
  else {
    const dayWord = date ? ORDER_DAY_NAMES[code]! : dayName(code);
    body = (
      <>
        {date ? (
          <>
            <SectionHeading>Calendar entries</SectionHeading>
            {calendar.isError ? (
              <EntriesError error={calendar.error} onRetry={() => void calendar.refetch()} />
            ) : entriesLoading ? (
              <ListSkeleton rows={2} image={false} label="Loading entries" />
            ) : entries.length === 0 ? (
              <Paper variant="outlined" sx={{ p: 2, color: 'text.secondary' }}>
                <Typography variant="body2">No calendar entries on {longDayLabel(date)}</Typography>
              </Paper>
            ) : (
              <Paper
                variant="outlined"
                component="ul"
                aria-label={`Calendar entries on ${longDayLabel(date)}`}
                sx={{ listStyle: 'none', m: 0, p: 0 }}
              >
                {entries.map((e, i) => (
                  <EntryRow key={e.id} entry={e} day={selectedKey!} first={i === 0} />
                ))}
              </Paper>
            )}
            <SectionHeading>Retailers ordering on {dayWord}</SectionHeading>
          </>
        ) : null}
        {customers.length === 0 ? (
          <EmptyState title={date ? `No retailers order on ${dayWord}` : `No retailers with ${dayWord}`} />
        ) : (
          <RetailerRows customers={customers} label={date ? `Retailers ordering on ${dayWord}` : `Retailers with ${dayWord}`} />
        )}
      </>
    );
  }

  return (
    <Box>
      <PageTitle
        title="Calender"
        subtitle={subtitle}
        actions={
          <Button
            component={RouterLink}
            to={isCurrent ? '/sales/calender' : `/sales/calender?week=${dateKey(monday)}`}
            size="small"
          >
            Week view
          </Button>
        }
      />
      <WeekNav monday={monday} onWeek={onWeek} isCurrent={isCurrent} />
      <Tabs
        value={tabValue}
        onChange={(_e, v: string) => onTab(v)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Day"
        sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {days.map((d) => (
          <Tab key={dateKey(d)} value={dateKey(d)} label={shortDayLabel(d)} aria-label={longDayLabel(d)} sx={{ minWidth: 72 }} />
        ))}
        {UNDATED.map((c) => (
          <Tab
            key={c}
            value={`day-${c}`}
            label={`${c === 8 ? 'OT' : 'NA'} (${groups.get(c)!.length})`}
            aria-label={dayName(c)}
            sx={{ minWidth: 72 }}
          />
        ))}
      </Tabs>
      {body}
    </Box>
  );
}
