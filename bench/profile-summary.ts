// `npx tsx bench/profile-summary.ts FILE.cpuprofile [N] [FROM TO]`: the functions and files where a
// V8 CPU profile (from `npm run bench:api -- --cpu-prof DIR`) spent its time, self and total; with
// FROM and TO (seconds since the profile started), only the samples taken in that window, so one
// route's measured seconds can be looked at without the server's start-up and the other routes.
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

const [file, top = '30', from, to] = process.argv.slice(2);
if (!file) {
  console.error('Usage: npx tsx bench/profile-summary.ts FILE.cpuprofile [N] [FROM TO]');
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};
if (from !== undefined) {
  // Count only the samples taken between FROM and TO seconds.
  const [start, end] = [Number(from) * 1e6, Number(to ?? Infinity) * 1e6];
  const hits = new Map<number, number>();
  let t = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i]!;
    if (t >= start && t < end) hits.set(id, (hits.get(id) ?? 0) + 1);
  });
  for (const n of profile.nodes) n.hitCount = hits.get(n.id) ?? 0;
  profile.startTime += start;
  profile.endTime = Math.min(profile.endTime, profile.startTime - start + end);
}
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const totalHits = profile.nodes.reduce((n, x) => n + x.hitCount, 0);
const idle = profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').reduce((n, x) => n + x.hitCount, 0);
const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, 'node_modules/')
    .replace(/^.*\/work\/main\//, '');
const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

const self = new Map<string, number>();
const selfByFile = new Map<string, number>();
for (const n of profile.nodes) {
  self.set(label(n), (self.get(label(n)) ?? 0) + n.hitCount);
  const f = short(n.callFrame.url) || n.callFrame.functionName;
  const pkg = f.startsWith('node_modules/')
    ? f
        .split('/')
        .slice(0, f.split('/')[1]!.startsWith('@') ? 3 : 2)
        .join('/')
    : f;
  selfByFile.set(pkg, (selfByFile.get(pkg) ?? 0) + n.hitCount);
}
// Total (inclusive) time per function, counting a function once per stack.
const total = new Map<string, number>();
const walk = (id: number, onStack: Set<string>) => {
  const n = byId.get(id)!;
  const l = label(n);
  const fresh = !onStack.has(l);
  if (fresh) onStack.add(l);
  let hits = n.hitCount;
  for (const c of n.children ?? []) hits += walk(c, onStack);
  if (fresh) {
    total.set(l, (total.get(l) ?? 0) + hits);
    onStack.delete(l);
  }
  return hits;
};
walk(profile.nodes[0]!.id, new Set());

const busy = totalHits - idle;
const pct = (h: number) => `${((h / busy) * 100).toFixed(1).padStart(5)}%`;
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`${pct(v)}  ${k}`);
};
console.log(
  `${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s profiled, ${((idle / totalHits) * 100).toFixed(1)}% idle; shares below are of busy time`,
);
show('Self time by package or file', selfByFile);
show('Self time by function', self);
show('Total time by function', total);
