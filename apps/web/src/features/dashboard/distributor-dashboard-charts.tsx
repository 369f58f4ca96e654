// The dashboard's two charts (MUI X Charts): revenue per day against the previous period's same day,
// and orders per status in both periods. Loaded lazily by the page, so the charts' code (d3 scales,
// SVG layers) is fetched only when the distributor's dashboard opens, never by other screens.
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { DistributorDashboard } from '@portal/shared/dashboard/distributor-dashboard.schemas';
import { formatMoney } from '@portal/shared/money/money';
import dayjs from 'dayjs';

const dollarsAxis = (v: number) => (Math.abs(v) >= 1000 ? `$${Math.round(v / 1000).toLocaleString('en-US')}k` : `$${v}`);

export function RevenueChart({ data }: { data: DistributorDashboard }) {
  const theme = useTheme();
  const days = data.perDay;
  return (
    <Box sx={{ width: '100%', height: 280 }} data-testid="revenue-chart">
      <LineChart
        xAxis={[
          {
            scaleType: 'point',
            data: days.map((d) => d.date),
            valueFormatter: (v: string, ctx) =>
              ctx.location === 'tick' ? dayjs(v).format('MMM D') : dayjs(v).format('ddd, MMM D, YYYY'),
          },
        ]}
        yAxis={[{ valueFormatter: (v: number) => dollarsAxis(v), width: 56 }]}
        series={[
          {
            id: 'current',
            label: 'This period',
            data: days.map((d) => d.revenueCents / 100),
            color: theme.palette.primary.main,
            showMark: days.length <= 31,
            valueFormatter: (v) => (v == null ? '' : formatMoney(Math.round(v * 100))),
          },
          {
            id: 'previous',
            label: 'Previous period',
            data: days.map((d) => d.previousRevenueCents / 100),
            color: theme.palette.text.disabled,
            showMark: false,
            valueFormatter: (v, { dataIndex }) =>
              v == null ? '' : `${formatMoney(Math.round(v * 100))} (${dayjs(days[dataIndex]!.previousDate).format('MMM D')})`,
          },
        ]}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
        grid={{ horizontal: true }}
      />
    </Box>
  );
}

export function StatusChart({ data, onPick }: { data: DistributorDashboard; onPick?: (index: number) => void }) {
  const theme = useTheme();
  return (
    <Box sx={{ width: '100%', height: 280 }} data-testid="status-chart">
      <BarChart
        xAxis={[{ scaleType: 'band', data: data.byStatus.map((s) => s.label), tickLabelStyle: { fontSize: 11 } }]}
        series={[
          { id: 'current', label: 'This period', data: data.byStatus.map((s) => s.current), color: theme.palette.primary.main },
          {
            id: 'previous',
            label: 'Previous period',
            data: data.byStatus.map((s) => s.previous),
            color: theme.palette.text.disabled,
          },
        ]}
        yAxis={[{ width: 40 }]}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
        grid={{ horizontal: true }}
        onAxisClick={onPick ? (_e, item) => item && onPick(item.dataIndex) : undefined}
      />
    </Box>
  );
}
