// What Lighthouse's largest-paint estimate is made of (`npm run bench:web -- --lcp-graph`). Lighthouse
// does not time the page it loaded: it replays the observed load as a graph (requests, and the main
// thread's tasks that requests wait for or that lay out the page) on a simulated phone (slow 4G, six
// connections per server over HTTP/1.1, each new one starting slowly; the CPU four times slower), and
// the largest paint is when the last node of that graph ends. Which nodes are in the graph: every request
// that ended before the paint was observed (except low-priority images), the first run of each script,
// every task that laid out the page, and whatever those waited for. This prints that graph's nodes in
// the order the simulation ends them, so a change can be judged by the nodes it removes or shortens.
// It reads Lighthouse's own modules (pinned in package.json): the numbers are the ones it reports.
import { Audit } from 'lighthouse/core/audits/audit.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

interface GraphNode {
  type: 'network' | 'cpu';
  startTime: number;
  duration: number;
  request?: { url: string; priority: string; transferSize: number };
  childEvents?: Array<{ name: string; dur?: number; args?: { data?: { url?: string } } }>;
}

interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>;
}

/** The lines describing the pessimistic LCP graph of one Lighthouse run (`result` as lighthouse() returns it). */
export async function lcpGraph(result: { artifacts: unknown; lhr: { configSettings: unknown } }): Promise<string[]> {
  const settings = result.lhr.configSettings;
  const context = { computedCache: new Map(), settings };
  const data = Audit.makeMetricComputationDataInput(result.artifacts as never, context as never);
  const metric = (await LanternLargestContentfulPaint.request(data, context as never)) as unknown as {
    timing: number;
    optimisticEstimate: Estimate;
    pessimisticEstimate: Estimate;
  };
  const estimate = metric.pessimisticEstimate;
  const origin = Math.min(...[...estimate.nodeTimings.keys()].map((n) => n.startTime));
  const observed = (n: GraphNode) => Math.round((n.startTime - origin) / 1000);
  const lines = [
    `LCP estimate ${Math.round(metric.timing)} ms: the mean of ${Math.round(metric.optimisticEstimate.timeInMs)} ms` +
      ` (optimistic graph) and ${Math.round(estimate.timeInMs)} ms (pessimistic graph, below)`,
    '  simulated start → end   node (observed start)',
  ];
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].endTime - b[1].endTime);
  for (const [node, t] of rows) {
    const what =
      node.type === 'network'
        ? `${node.request!.url.replace(/^https?:\/\/[^/]+/, '')} (${node.request!.priority}, ${node.request!.transferSize} B, @${observed(node)} ms)`
        : `main-thread task of ${(node.duration / 1000).toFixed(1)} ms (@${observed(node)} ms): ${(node.childEvents ?? [])
            .filter((e) => (e.dur ?? 0) > 1000)
            .slice(0, 3)
            .map((e) => e.name + (e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : ''))
            .join(', ')}`;
    lines.push(`  ${String(Math.round(t.startTime)).padStart(6)} → ${String(Math.round(t.endTime)).padEnd(6)} ${what}`);
  }
  return lines;
}
