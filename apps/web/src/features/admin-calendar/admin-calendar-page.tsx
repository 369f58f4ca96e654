// /admin/calender: the delivery calendar as a month or a week (Monday first). Each day lists its
// entries, coloured by kind; a day opens the add form, an entry its edit form (docs/calendar.md).
// Timed events (meetings, visits) are shown but edited elsewhere.
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { CalendarEntry } from '@portal/shared/calendar/calendar.schemas';
import {
  ENTRY_KIND_LABELS,
  type CalendarEntryKind,
  type DatedEntryKind,
} from '@portal/shared/calendar/delivery-calendar.schemas';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useModuleGrant } from '../../lib/permissions';
import { useGetAdminCalendarQuery } from './admin-calendar.api';
import { EntryDialog, type EntryDraft } from './entry-dialog';

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
export const KIND_COLOURS: Record<CalendarEntryKind, string> = {
  holiday: '#c62828',
  delivery: '#2e7d32',
  promotion: '#6a1b9a',
  note: '#455a64',
  event: '#1565c0',
};

/** Monday of the week a day falls in. */
export function weekStart(d: Dayjs): Dayjs {
  return d.subtract((d.day() + 6) % 7, 'day');
}

/** The days a view shows: 6 weeks around a month, or the 7 days of a week. */
export function viewDays(view: 'month' | 'week', anchor: Dayjs): Dayjs[] {
  const first = view === 'month' ? weekStart(anchor.startOf('month')) : weekStart(anchor);
  return Array.from({ length: view === 'month' ? 42 : 7 }, (_, i) => first.add(i, 'day'));
}

/** The local dates an entry covers: its dates when dated, else its start's day. */
function coversDay(e: CalendarEntry, day: string): boolean {
  if (e.date) return e.date <= day && day <= (e.endDate ?? e.date);
  return dayjs(e.startsAt).format('YYYY-MM-DD') === day;
}

function EntryChip({ entry, onOpen }: { entry: CalendarEntry; onOpen?: () => void }) {
  const kind = (entry.kind ?? 'event') as CalendarEntryKind;
  const label = `${entry.title}${entry.routeNumber ? ` · Route ${entry.routeNumber}` : ''}`;
  return (
    <Box
      component={onOpen ? 'button' : 'div'}
      type={onOpen ? 'button' : undefined}
      onClick={(ev: React.MouseEvent) => {
        // An entry not edited here (a timed event) leaves the click to its day, which opens the add form.
        if (!onOpen) return;
        ev.stopPropagation();
        onOpen();
      }}
      title={`${ENTRY_KIND_LABELS[kind]}: ${label}`}
      data-kind={kind}
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        border: 0,
        borderRadius: 1,
        px: 0.75,
        py: 0.25,
        mb: 0.5,
        fontSize: 12,
        lineHeight: 1.4,
        color: '#fff',
        bgcolor: KIND_COLOURS[kind],
        cursor: onOpen ? 'pointer' : 'default',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        font: 'inherit',
      }}
    >
      {label}
    </Box>
  );
}

export function AdminCalendarPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'week' ? 'week' : 'month';
  const anchor = dayjs(params.get('date') ?? undefined).isValid() ? dayjs(params.get('date') ?? undefined) : dayjs();
  const grant = useModuleGrant('Calender');
  const [draft, setDraft] = useState<EntryDraft | null>(null);
  const days = viewDays(view, anchor); // at most six weeks: cheap to compute each render
  const from = days[0]!.format('YYYY-MM-DD');
  const to = days[days.length - 1]!.format('YYYY-MM-DD');
  const { data, isLoading, isError } = useGetAdminCalendarQuery({ from, to });
  const today = dayjs().format('YYYY-MM-DD');

  const go = (next: Dayjs, nextView = view) => setParams({ view: nextView, date: next.format('YYYY-MM-DD') }, { replace: true });
  const step = (n: number) => go(view === 'month' ? anchor.add(n, 'month') : anchor.add(n * 7, 'day'));
  const openNew = (date: string) => {
    if (grant.add) setDraft({ kind: 'holiday', title: '', date, shift: 'before' });
  };
  const openEntry = (e: CalendarEntry) => {
    if (!e.date || !e.kind || e.kind === 'event' || !grant.edit) return undefined;
    return () =>
      setDraft({
        id: e.id,
        kind: e.kind as DatedEntryKind,
        title: e.title,
        description: e.description,
        date: e.date!,
        endDate: e.endDate,
        routeNumber: e.routeNumber,
        shift: e.shift,
      });
  };
  const heading = view === 'month' ? anchor.format('MMMM YYYY') : `Week of ${days[0]!.format('D MMM YYYY')}`;

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
      <PageTitle
        title="Calender"
        subtitle="Delivery days, holidays, promotions and notes"
        actions={
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to="/admin/calender/view" variant="outlined">
              Cut-offs
            </Button>
            {grant.add ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => openNew(today)}>
                Add entry
              </Button>
            ) : null}
          </Stack>
        }
      />
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, my: 2 }}>
        <IconButton aria-label={view === 'month' ? 'Previous month' : 'Previous week'} onClick={() => step(-1)}>
          <ChevronLeftIcon />
        </IconButton>
        <Button onClick={() => go(dayjs())}>Today</Button>
        <IconButton aria-label={view === 'month' ? 'Next month' : 'Next week'} onClick={() => step(1)}>
          <ChevronRightIcon />
        </IconButton>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1, minWidth: 160 }}>
          {heading}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_e, v: 'month' | 'week' | null) => v && go(anchor, v)}
          aria-label="Calendar view"
        >
          <ToggleButton value="month">Month</ToggleButton>
          <ToggleButton value="week">Week</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, mb: 1.5 }} aria-label="Legend">
        {(['delivery', 'holiday', 'promotion', 'note', 'event'] as const).map((k) => (
          <Stack key={k} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: KIND_COLOURS[k] }} />
            <Typography variant="caption">{ENTRY_KIND_LABELS[k]}</Typography>
          </Stack>
        ))}
      </Stack>
      {isError ? <Typography color="error">Failed to load the calendar</Typography> : null}
      <Box
        role="grid"
        aria-label={heading}
        aria-busy={isLoading}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: view === 'week' ? '1fr' : 'repeat(7, minmax(0, 1fr))', sm: 'repeat(7, minmax(0, 1fr))' },
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        {DAY_NAMES.map((n) => (
          <Box
            key={n}
            role="columnheader"
            sx={{
              display: { xs: view === 'week' ? 'none' : 'block', sm: 'block' },
              p: 0.5,
              textAlign: 'center',
              fontWeight: 600,
              fontSize: 13,
              bgcolor: 'action.hover',
            }}
          >
            {n}
          </Box>
        ))}
        {days.map((d) => {
          const day = d.format('YYYY-MM-DD');
          const entries = (data?.entries ?? []).filter((e) => coversDay(e, day));
          const outside = view === 'month' && d.month() !== anchor.month();
          return (
            <Box
              key={day}
              role="gridcell"
              aria-label={`${d.format('dddd D MMMM')}${entries.length ? `, ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}` : ''}`}
              data-date={day}
              onClick={() => openNew(day)}
              sx={{
                // A phone's week is a list of days: an empty day takes one line, not a full column.
                minHeight: view === 'month' ? { xs: 64, sm: 104 } : { xs: 56, sm: 160 },
                p: 0.5,
                borderTop: 1,
                borderLeft: { sm: 1 },
                borderColor: 'divider',
                cursor: grant.add ? 'pointer' : 'default',
                opacity: outside ? 0.55 : 1,
                minWidth: 0,
              }}
            >
              <Typography
                variant="caption"
                component="div"
                sx={{ fontWeight: day === today ? 700 : 400, color: day === today ? 'primary.main' : undefined, mb: 0.25 }}
              >
                {view === 'week' ? d.format('ddd D MMM') : d.date()}
              </Typography>
              {entries.map((e) => (
                <EntryChip key={e.id} entry={e} onOpen={openEntry(e)} />
              ))}
            </Box>
          );
        })}
      </Box>
      {draft ? (
        <EntryDialog key={draft.id ?? draft.date} draft={draft} canDelete={grant.delete} onClose={() => setDraft(null)} />
      ) : null}
    </Box>
  );
}
