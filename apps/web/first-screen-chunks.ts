// Chunking of the code the first screens load (rolldown `codeSplitting.groups`). Over HTTP/1.1 a
// phone opens six connections to the server and pays a round trip per file, and each new connection
// starts slowly: a first screen paints sooner from a few large files than from many small ones. So:
// - `boot`: everything the entry imports statically, and what the sign-in screen shares with the
//   signed-in screens. Left to itself, rolldown splits every module the entry shares with a lazy
//   chunk into a chunk of its own (eleven files before the first screen's own).
// - `frame`: the signed-in frame, with everything the order or the cart screen shares with another
//   signed-in first screen (every signed-in first screen loads the frame).
// - one chunk per remaining set of first screens that need a module (`order`, `cart`,
//   `dashboard+sales`, …), the lazily loaded screen modules themselves included, so the order screen
//   is the entry, `boot`, `frame` and `order`.
// A first screen may load a little code it does not run (the cart screen what the order screen shares
// with the dashboard only, and the other way round); the sign-in screen never loads the frame, and the order and cart screens
// never load MUI (the dashboards' `mui` sets stay apart). Other screens load these chunks when they
// share modules with them.
import path from 'node:path';
import type { Rolldown } from 'vite';

type Group = NonNullable<Rolldown.CodeSplittingOptions['groups']>[number];

/**
 * `roots`: name → source module (relative to `root`) of each first screen's lazy part; `entry`: the
 * entry module. The signed-in frame's root is named `frame`, the sign-in screen's `login` and the
 * order screen's `order`.
 */
export function firstScreenChunks(root: string, entry: string, roots: Record<string, string>): Group {
  const rootIds = Object.entries(roots).map(([name, module]) => [name, path.resolve(root, module)] as const);
  const entryId = path.resolve(root, entry);
  let graph: { eager: Set<string>; needs: Map<string, string[]> } | null = null;

  /** The entry's static imports, and module id → the first screens that import it (none for the entry's). */
  function graphOf(ctx: Rolldown.ChunkingContext) {
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
    const needs = new Map<string, string[]>();
    for (const [name, id] of rootIds) {
      for (const module of reach(id)) {
        if (eager.has(module)) continue;
        const list = needs.get(module) ?? [];
        list.push(name);
        needs.set(module, list);
      }
    }
    return { eager, needs };
  }

  return {
    debugName: 'first screens',
    name(id, ctx) {
      graph ??= graphOf(ctx);
      if (graph.eager.has(id)) return id === entryId ? null : 'boot';
      const screens = graph.needs.get(id);
      if (!screens) return null;
      if (screens.includes('login')) return screens.length > 1 ? 'boot' : 'login';
      const orderOrCart = screens.includes('order') || screens.includes('cart');
      if (screens.includes('frame') || (orderOrCart && screens.length > 1)) return 'frame';
      return screens.sort().join('+');
    },
    // Only the modules named: a captured module's own imports follow their own first screens.
    includeDependenciesRecursively: false,
  };
}
