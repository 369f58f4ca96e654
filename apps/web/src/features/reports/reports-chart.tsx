// A report's chart (MUI X Charts): amount per day as a line, or the best rows by amount as bars.
// Loaded lazily by the reports page, as the dashboard loads its charts, so no other screen carries it.
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatMoney } from '@portal/shared/money/money';
import type { SalesReport } from '@portal/shared/reports/reports.schemas';
import dayjs from 'dayjs';

const dollarsAxis = (v: number) => (Math.abs(v) >= 1000 ? `$${Math.round(v / 1000).toLocaleString('en-US')}k` : `$${v}`);
const money = (v: number | null) => (v == null ? '' : formatMoney(Math.round(v * 100)));

export function ReportChart({ data }: { data: SalesReport }) {
  const theme = useTheme();
  const rows = data.chart;
  if (data.by === 'day')
    return (
      <Box sx={{ width: '100%', height: 260 }} data-testid="report-chart">
        <LineChart
          xAxis={[
            {
              scaleType: 'point',
              data: rows.map((r) => r.key),
              valueFormatter: (v: string, ctx) =>
                ctx.location === 'tick' ? dayjs(v).format('MMM D') : dayjs(v).format('ddd, MMM D, YYYY'),
            },
          ]}
          yAxis={[{ valueFormatter: (v: number) => dollarsAxis(v), width: 56 }]}
          series={[
            {
              id: 'amount',
              label: 'Amount',
              data: rows.map((r) => r.amountCents / 100),
              color: theme.palette.primary.main,
              showMark: rows.length <= 31,
              valueFormatter: money,
            },
          ]}
          hideLegend
          margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
          grid={{ horizontal: true }}
        />
      </Box>
    );
  return (
    <Box sx={{ width: '100%', height: Math.max(160, 36 * rows.length + 48) }} data-testid="report-chart">
      <BarChart
        layout="horizontal"
        yAxis={[
          {
            scaleType: 'band',
            data: rows.map((r) => r.name),
            width: 140,
            valueFormatter: (v: string, ctx) => (ctx.location === 'tick' && v.length > 20 ? `${v.slice(0, 19)}…` : v),
          },
        ]}
        xAxis={[{ valueFormatter: (v: number) => dollarsAxis(v), height: 28 }]}
        series={[
          {
            id: 'amount',
            label: 'Amount',
            data: rows.map((r) => r.amountCents / 100),
            color: theme.palette.primary.main,
            valueFormatter: money,
          },
        ]}
        hideLegend
        margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
        grid={{ vertical: true }}
      />
    </Box>
  );
}
