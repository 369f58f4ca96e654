// State kept per database: one per database, the same inside its transactions, none shared between two.
import { describe, expect, it } from 'vitest';
import { createDb, perDatabase } from './database.ts';

const memory = () => createDb({ kind: 'sqlite', file: ':memory:' });

describe('perDatabase', () => {
  it('makes the state once per database and finds it again inside a transaction', async () => {
    const [a, b] = [memory(), memory()];
    const key = Symbol('test state');
    let made = 0;
    const make = () => ({ n: ++made });
    const first = perDatabase(a, key, make);
    expect(perDatabase(a, key, make)).toBe(first);
    expect(await a.transaction().execute(async (trx) => perDatabase(trx, key, make))).toBe(first);
    expect(perDatabase(b, key, make)).not.toBe(first);
    expect(made).toBe(2);
    // Another key is another state.
    expect(perDatabase(a, Symbol('other'), make)).not.toBe(first);
    await Promise.all([a.destroy(), b.destroy()]);
  });
});
