// Runs before every API test file. The api-sqlite and api-postgres projects share one module graph per
// worker (vitest.config.ts), so module-level state one file leaves behind must not reach the next:
// the test clock is the only such state (caches are kept per app or per database instance).
import { beforeAll } from 'vitest';
import { resetClock } from '../src/platform/clock.ts';

beforeAll(() => resetClock());
