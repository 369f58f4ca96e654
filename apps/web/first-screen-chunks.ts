// Chunking of the first screens' code (rolldown `codeSplitting.groups`): every module that a first
// screen's lazy modules import statically (and the entry does not) goes into one chunk per set of first
// screens that need it, instead of rolldown's automatic split by all 150 lazy chunks that share it, which
// gave the order screen 79 files to fetch. Over HTTP/1.1 (six connections) each file costs a round trip
// on a phone, so fewer files paint sooner. A first screen loads only chunks of sets it belongs to, so no
// first screen downloads code it does not run; other screens load these chunks when they share modules.
import path from 'node:path';
import type { Rolldown } from 'vite';

type Group = NonNullable<Rolldown.CodeSplittingOptions['groups']>[number];

/**
 * `roots`: name → source module (relative to `root`) of each first screen's lazy part; `entry`: the
 * entry module, whose static imports stay in the entry's chunks.
 */
export function firstScreenChunks(root: string, entry: string, roots: Record<string, string>): Group {
  const rootIds = Object.entries(roots).map(([name, module]) => [name, path.resolve(root, module)] as const);
  const entryId = path.resolve(root, entry);
  let needs: Map<string, string[]> | null = null;

  /** Module id → the first screens that import it statically (transitively); none for the entry's. */
  function firstScreensOf(ctx: Rolldown.ChunkingContext): Map<string, string[]> {
    const reach = (start: string): Set<string> => {
      const seen = new Set<string>();
      const stack = [start];
      while (stack.length) {
        const id = stack.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
      }
      return seen;
    };
    const eager = reach(entryId);
    const lazyRoots = new Set(rootIds.map(([, id]) => id));
    const out = new Map<string, string[]>();
    for (const [name, id] of rootIds) {
      for (const module of reach(id)) {
        // The lazy modules themselves stay the facades of their chunks (the routes import them).
        if (eager.has(module) || lazyRoots.has(module)) continue;
        const list = out.get(module) ?? [];
        list.push(name);
        out.set(module, list);
      }
    }
    return out;
  }

  return {
    debugName: 'first screens',
    name(id, ctx) {
      needs ??= firstScreensOf(ctx);
      const screens = needs.get(id);
      if (!screens) return null;
      // The signed-in frame comes with every signed-in first screen: what it needs is one chunk,
      // whichever screens need it too (the sign-in screen, which has no frame, keeps its own sets).
      if (screens.includes('frame') && !screens.includes('login')) return 'frame';
      return screens.sort().join('+');
    },
    // Only the modules named: a captured module's own imports follow their own first screens.
    includeDependenciesRecursively: false,
  };
}
