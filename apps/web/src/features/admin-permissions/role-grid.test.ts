import { describe, expect, it } from 'vitest';
import { emptyGrant, STAFF_MODULE_TABLE, type Grant } from '@portal/shared/auth/permissions';
import { fullGrants, removedGrants } from '@portal/shared/permissions/permissions.schemas';
import { columnState, rowState, toggleCell, toggleColumn, toggleRow } from './role-grid';

const empty = () => fullGrants('staff', []);
const of = (grants: Grant[], module: string) => grants.find((g) => g.module === module)!;

describe('the roles grid', () => {
  it('an action switches view on; view off clears the row', () => {
    let g = toggleCell('staff', empty(), 'Retailers', 'edit');
    expect(of(g, 'Retailers')).toEqual({ ...emptyGrant('Retailers'), view: true, edit: true });
    g = toggleCell('staff', g, 'Retailers', 'view');
    expect(of(g, 'Retailers')).toEqual(emptyGrant('Retailers'));
  });

  it('ignores an action the module does not have', () => {
    expect(toggleCell('staff', empty(), 'Dashboard', 'approve')).toEqual(empty());
  });

  it('a row switches every action of its module, then off', () => {
    let g = toggleRow('staff', empty(), 'Orders');
    expect(of(g, 'Orders')).toEqual({ ...emptyGrant('Orders'), view: true, edit: true, export: true, approve: true });
    expect(rowState('staff', of(g, 'Orders'))).toBe('all');
    g = toggleRow('staff', g, 'Orders');
    expect(of(g, 'Orders')).toEqual(emptyGrant('Orders'));
  });

  it('a row with some actions is completed first', () => {
    const g = toggleCell('staff', empty(), 'Orders', 'view');
    expect(rowState('staff', of(g, 'Orders'))).toBe('some');
    expect(of(toggleRow('staff', g, 'Orders'), 'Orders').export).toBe(true);
  });

  it('a column switches the action for every module that has it (and their view), then off', () => {
    let g = toggleColumn('staff', empty(), 'export');
    const exporting = g.filter((x) => x.export).map((x) => x.module);
    expect(exporting).toEqual(
      STAFF_MODULE_TABLE.filter((m) => (m.actions as readonly string[]).includes('export')).map((m) => m.module),
    );
    expect(g.filter((x) => x.view).map((x) => x.module)).toEqual(exporting);
    expect(columnState('staff', g, 'export')).toBe('all');
    expect(columnState('staff', g, 'view')).toBe('some');
    g = toggleColumn('staff', g, 'export');
    expect(g.some((x) => x.export)).toBe(false);
    expect(columnState('staff', toggleColumn('staff', g, 'view'), 'view')).toBe('all');
  });

  it('lists what a change takes away, for the confirmation', () => {
    const before = toggleRow('staff', empty(), 'Orders');
    const after = toggleCell('staff', before, 'Orders', 'export');
    expect(removedGrants(before, after)).toEqual([{ module: 'Orders', action: 'export' }]);
    expect(removedGrants(after, before)).toEqual([]);
  });
});
