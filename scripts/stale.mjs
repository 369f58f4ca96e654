// Whether a build is out of date: `npm start` rebuilds the web app and the API's bundle only when one of
// their sources changed since.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * True when `output` is missing or older than a file among `sources` (files or folders, relative to the
 * repository; missing ones are skipped; node_modules and dist folders inside them are not sources).
 */
export function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const newest = Math.max(
    ...sources
      .map((s) => path.join(root, s))
      .filter(existsSync)
      .map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
  return newest > statSync(output).mtimeMs;
}
