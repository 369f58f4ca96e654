// The distributor's dashboard, every sales report over 90 days and the ageing list at the bench's size
// (issue 18 §5, §7): each asked one request at a time, as an office user waits for the screen, with the
// server's event loop watched around the run by the caller (docs/admin-dashboard.md, docs/admin-reports.md).
export interface DashboardCase {
  name: string;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  failed: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

export async function measureDashboard(url: string, token: string, opts: { samples: number }): Promise<DashboardCase[]> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // 90 days ending today (the server's today in the distributor's zone; `from` only: until today).
  const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
  const requests: [string, () => Promise<Response>][] = [
    [
      'dashboard 90 days',
      () => fetch(`${url}/api/dashboard/distributorDashboard`, { method: 'POST', headers, body: JSON.stringify({ from }) }),
    ],
    ...(['product', 'category', 'store', 'rep', 'route', 'day'] as const).map((by): [string, () => Promise<Response>] => [
      `report by ${by} 90 days`,
      () => fetch(`${url}/api/admin/reports/sales?by=${by}&from=${from}&limit=${by === 'day' ? 100 : 25}`, { headers }),
    ]),
    // The office's ageing list as it opens: stores owing, largest past due first.
    ['ageing list', () => fetch(`${url}/api/admin/receivables/ageing`, { headers })],
  ];
  const cases: DashboardCase[] = [];
  for (const [name, send] of requests) {
    const times: number[] = [];
    let failed = 0;
    for (let i = 0; i < opts.samples + 3; i++) {
      const t = performance.now();
      const res = await send();
      await res.arrayBuffer();
      const ms = performance.now() - t;
      if (!res.ok) failed++;
      if (i >= 3) times.push(ms); // the first three warm the statement cache (the first also builds the roll-ups if missing)
    }
    times.sort((a, b) => a - b);
    cases.push({
      name,
      samples: times.length,
      p50Ms: round(percentile(times, 50)),
      p99Ms: round(percentile(times, 99)),
      maxMs: round(times.at(-1) ?? 0),
      failed,
    });
  }
  return cases;
}
