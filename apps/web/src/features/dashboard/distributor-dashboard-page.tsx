// /admin/dashboard: the distributor's figures for a period against the previous one (issue 18 §5,
// docs/admin-dashboard.md). The period lives in the URL; every tile opens the list behind it with its
// filters (tileLinks), or shows no link when the user's grants do not open that list. A role without
// the Dashboard grant sees no figures (and the page asks for none: the API would refuse).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { can } from '@portal/shared/auth/permissions';
import {
  DASHBOARD_PRESETS,
  percentChange,
  resolvePeriod,
  type DashboardFigure,
  type DistributorDashboard,
} from '@portal/shared/dashboard/distributor-dashboard.schemas';
import { formatMoney } from '@portal/shared/money/money';
import dayjs from 'dayjs';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/list-states';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { useGrants } from '../../lib/permissions';
import { DISTRIBUTOR_DASHBOARD_FAILED, useGetDistributorDashboardQuery } from './distributor-dashboard.api';
import {
  bodyOfPeriod,
  changeText,
  periodFromUrl,
  productLink,
  repLink,
  statusLink,
  storeLink,
  tileLinks,
  urlOfPeriod,
  type PeriodChoice,
  type TileKey,
} from './distributor-dashboard.rules';
import { SECTIONS } from '@portal/shared/layout/menus';
import { SectionTabs } from '../../components/section-tabs';

// The charts' code loads on its own, after the figures.
const RevenueChart = lazy(() => import('./distributor-dashboard-charts').then((m) => ({ default: m.RevenueChart })));
const StatusChart = lazy(() => import('./distributor-dashboard-charts').then((m) => ({ default: m.StatusChart })));

const ORDER_DAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const day = (d: string) => dayjs(d).format('MMM D, YYYY');
const count = (n: number) => n.toLocaleString('en-US');

interface TileSpec {
  key: TileKey;
  label: string;
  figure: DashboardFigure;
  format: (n: number) => string;
  /** A rise is bad news (cancellations, tickets, missed order days, money owed). */
  upIsBad?: boolean;
  hint?: string;
}

function Tile({ spec, link }: { spec: TileSpec; link: string | null }) {
  const { current, previous } = spec.figure;
  const change = percentChange(current, previous);
  // No previous figure (low stock has no history): nothing to compare, so no change either.
  const text = previous == null ? '' : changeText(change, current);
  const good = change == null || change === 0 ? null : change > 0 !== Boolean(spec.upIsBad);
  const body = (
    <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
      <Typography variant="body2" color="text.secondary" component="h3">
        {spec.label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.5 }} data-testid={`tile-${spec.key}`}>
        {spec.format(current)}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1 }}>
        {text ? (
          <Typography
            variant="body2"
            sx={{ fontWeight: 600, color: good == null ? 'text.secondary' : good ? 'success.main' : 'error.main' }}
          >
            {text}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          {previous == null ? (spec.hint ?? 'no history to compare') : `previous ${spec.format(previous)}`}
        </Typography>
      </Stack>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {link ? (
        <CardActionArea
          component={RouterLink}
          to={link}
          sx={{ height: '100%' }}
          aria-label={`${spec.label}: ${spec.format(current)}. Open the list`}
        >
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Card variant="outlined" id={id} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function MaybeLink({ to, children }: { to: string | null; children: ReactNode }) {
  return to ? (
    <Link component={RouterLink} to={to}>
      {children}
    </Link>
  ) : (
    <>{children}</>
  );
}

function Change({ current, previous }: { current: number; previous: number }) {
  const text = changeText(percentChange(current, previous), current);
  return (
    <Typography variant="caption" color="text.secondary" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {text}
    </Typography>
  );
}

function PeriodPicker({
  choice,
  today,
  onChoose,
}: {
  choice: PeriodChoice;
  today: string | null;
  onChoose: (p: PeriodChoice) => void;
}) {
  const [custom, setCustom] = useState(choice.kind === 'custom');
  const [from, setFrom] = useState(choice.kind === 'custom' ? choice.from : '');
  const [to, setTo] = useState(choice.kind === 'custom' ? choice.to : (today ?? ''));
  const [problem, setProblem] = useState<string | null>(null);
  const value = custom ? 'custom' : choice.kind === 'preset' ? String(choice.days) : 'custom';
  const apply = () => {
    if (!from || !to) return setProblem('Choose both dates');
    const checked = resolvePeriod({ from, to }, today ?? to);
    if (!checked.ok) return setProblem(checked.message);
    setProblem(null);
    onChoose({ kind: 'custom', from, to });
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' }, mb: 2 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={value}
        aria-label="Period"
        onChange={(_e, v: string | null) => {
          if (!v) return;
          if (v === 'custom') return setCustom(true);
          setCustom(false);
          onChoose({ kind: 'preset', days: Number(v) });
        }}
      >
        {DASHBOARD_PRESETS.map((n) => (
          <ToggleButton key={n} value={String(n)}>
            Last {n} days
          </ToggleButton>
        ))}
        <ToggleButton value="custom">Custom</ToggleButton>
      </ToggleButtonGroup>
      {custom ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
          <TextField
            size="small"
            type="date"
            label="From"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label="To"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={Boolean(problem)}
            helperText={problem ?? undefined}
          />
          <Button variant="contained" onClick={apply}>
            Apply
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}

function Figures({ data }: { data: DistributorDashboard }) {
  const grants = useGrants();
  const navigate = useNavigate();
  const links = tileLinks(data.period, grants);
  const f = data.figures;
  const money = (c: number) => formatMoney(c);
  const tiles: TileSpec[] = [
    { key: 'revenue', label: 'Revenue', figure: f.revenueCents, format: money },
    { key: 'orders', label: 'Orders', figure: f.orders, format: count },
    { key: 'average', label: 'Average order', figure: f.averageOrderCents, format: money },
    { key: 'cancelled', label: 'Cancelled orders', figure: f.cancelledOrders, format: count, upIsBad: true },
    { key: 'newStores', label: 'New stores', figure: f.newStores, format: count },
    { key: 'pendingRequests', label: 'Pending sign-up requests', figure: f.pendingRequests, format: count, upIsBad: true },
    { key: 'openTickets', label: 'Open support tickets', figure: f.openTickets, format: count, upIsBad: true },
    {
      key: 'lowStock',
      label: 'Low-stock products',
      figure: f.lowStockProducts,
      format: count,
      upIsBad: true,
      hint: 'stock has no history',
    },
    { key: 'missed', label: 'Stores that missed their order day', figure: f.storesMissedOrderDay, format: count, upIsBad: true },
    { key: 'receivables', label: 'Owed by stores', figure: f.receivablesCents, format: money, upIsBad: true },
    { key: 'overLimit', label: 'Stores over credit limit', figure: f.overLimitStores, format: count, upIsBad: true },
    {
      key: 'pastDue',
      label: 'Past due',
      figure: f.pastDueCents,
      format: money,
      upIsBad: true,
      hint: `${count(f.storesPastDue.current)} ${f.storesPastDue.current === 1 ? 'store' : 'stores'}`,
    },
  ];
  const chartFallback = <Skeleton variant="rounded" height={280} />;
  return (
    <>
      <Box
        component="section"
        aria-label="Figures"
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(200px, 1fr))' },
          mb: 2,
        }}
      >
        {tiles.map((t) => (
          <Tile key={t.key} spec={t} link={links[t.key]} />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, mb: 2 }}>
        <Section title="Revenue per day">
          <Suspense fallback={chartFallback}>
            <RevenueChart data={data} />
          </Suspense>
        </Section>
        <Section title="Orders by status">
          <Suspense fallback={chartFallback}>
            <StatusChart
              data={data}
              onPick={(i) => {
                const to = statusLink(data.period, data.byStatus[i]!.status, grants);
                if (to) void navigate(to);
              }}
            />
          </Suspense>
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 1 }}>
            {data.byStatus.map((s) => (
              <Typography key={s.status} variant="body2">
                <MaybeLink to={statusLink(data.period, s.status, grants)}>{s.label}</MaybeLink>: {count(s.current)}{' '}
                <Change current={s.current} previous={s.previous} />
              </Typography>
            ))}
          </Stack>
        </Section>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' } }}>
        <Section title="Top products">
          <TopTable
            empty="No sales in this period"
            head={['Product', 'Qty', 'Revenue']}
            rows={data.topProducts.map((p) => ({
              key: p.productId,
              cells: [
                <MaybeLink key="p" to={productLink(p.itemNumber, grants)}>
                  {p.description}
                </MaybeLink>,
                count(p.quantity),
                <>
                  {formatMoney(p.revenueCents)} <Change current={p.revenueCents} previous={p.previousRevenueCents} />
                </>,
              ],
            }))}
          />
        </Section>
        <Section title="Top stores">
          <TopTable
            empty="No orders in this period"
            head={['Store', 'Orders', 'Revenue']}
            rows={data.topStores.map((s) => ({
              key: s.customerId,
              cells: [
                <MaybeLink key="s" to={storeLink(s.customerId, grants)}>
                  {s.name} ({s.cNumber})
                </MaybeLink>,
                count(s.orders),
                <>
                  {formatMoney(s.revenueCents)} <Change current={s.revenueCents} previous={s.previousRevenueCents} />
                </>,
              ],
            }))}
          />
        </Section>
        <Section title="Top sales reps">
          <TopTable
            empty="No orders from reps' stores in this period"
            head={['Rep', 'Orders', 'Revenue']}
            rows={data.topReps.map((r) => ({
              key: r.salesRepId,
              cells: [
                <MaybeLink key="r" to={repLink(data.period, r.salesRepId, grants)}>
                  {r.name}
                </MaybeLink>,
                count(r.orders),
                <>
                  {formatMoney(r.revenueCents)} <Change current={r.revenueCents} previous={r.previousRevenueCents} />
                </>,
              ],
            }))}
          />
        </Section>
        <Section title="Low-stock products">
          <TopTable
            empty="No product is low on stock"
            head={['Product', 'On hand', 'Threshold']}
            rows={data.lowStock.map((p) => ({
              key: p.productId,
              cells: [
                <MaybeLink key="p" to={productLink(p.itemNumber, grants)}>
                  {p.description}
                </MaybeLink>,
                count(p.stockOnHand),
                count(p.lowStockThreshold),
              ],
            }))}
          />
          {links.lowStock && data.figures.lowStockProducts.current > data.lowStock.length ? (
            <Link component={RouterLink} to={links.lowStock} variant="body2">
              All {count(data.figures.lowStockProducts.current)} low-stock products
            </Link>
          ) : null}
        </Section>
        <Section title="Stores that missed their order day" id="missed-order-day">
          <TopTable
            empty="Every store ordered on its order day"
            head={['Store', 'Order day', 'Missed on']}
            rows={data.missedStores.map((s) => ({
              key: s.customerId,
              cells: [
                <MaybeLink key="s" to={storeLink(s.customerId, grants)}>
                  {s.name} ({s.cNumber})
                </MaybeLink>,
                ORDER_DAYS[s.orderDay] ?? '',
                day(s.missedOn),
              ],
            }))}
          />
        </Section>
      </Box>
    </>
  );
}

function TopTable({ head, rows, empty }: { head: string[]; rows: { key: string; cells: ReactNode[] }[]; empty: string }) {
  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  return (
    <Table
      size="small"
      sx={{ '& td, & th': { px: 0.75 }, '& td:not(:first-of-type), & th:not(:first-of-type)': { textAlign: 'right' } }}
    >
      <TableHead>
        <TableRow>
          {head.map((h) => (
            <TableCell key={h}>{h}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            {r.cells.map((c, i) => (
              <TableCell key={i}>{c}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function DistributorDashboardPage() {
  const grants = useGrants();
  const allowed = can(grants, 'Dashboard', 'view');
  const [params, setParams] = useSearchParams();
  const choice = periodFromUrl(params);
  // The distributor's today, taken from the answer on screen when a period is chosen: presets end on it.
  const [today, setToday] = useState<string | null>(null);
  const q = useGetDistributorDashboardQuery(bodyOfPeriod(choice, today), { skip: !allowed });
  const data = q.data;
  const subtitle = data
    ? `${day(data.period.from)} – ${day(data.period.to)}, compared with ${day(data.previousPeriod.from)} – ${day(data.previousPeriod.to)} (${data.timeZone})`
    : 'Your business at a glance';
  return (
    <>
      <PageTitle title="Dashboard" subtitle={subtitle} />
      <SectionTabs label="Dashboard" sections={SECTIONS.dashboard} />
      {!allowed ? (
        <Alert severity="info">Your role does not include the dashboard's figures. Ask an owner to grant Dashboard.</Alert>
      ) : (
        <>
          <PeriodPicker
            key={choice.kind === 'custom' ? `${choice.from}/${choice.to}` : 'preset'}
            choice={choice}
            today={data?.today ?? today}
            onChoose={(p) => {
              setToday(data?.today ?? today);
              setParams(urlOfPeriod(p));
            }}
          />
          {q.isError ? (
            <ErrorState message={errorMessage(q.error, DISTRIBUTOR_DASHBOARD_FAILED)} onRetry={() => void q.refetch()} />
          ) : !data ? (
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(200px, 1fr))' },
              }}
            >
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} variant="rounded" height={104} />
              ))}
            </Box>
          ) : (
            <Box sx={{ opacity: q.isFetching ? 0.6 : 1, transition: 'opacity 0.2s' }} aria-busy={q.isFetching}>
              <Figures data={data} />
            </Box>
          )}
        </>
      )}
    </>
  );
}
