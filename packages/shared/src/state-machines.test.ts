import { describe, expect, it } from 'vitest';
import * as shared from './index.ts';
import { isPermissionCode } from './permissions.ts';
import { defineMachine, isMachine } from './state-machine.ts';
import { STATE_MACHINES } from './state-machines.ts';

const machines = Object.entries(STATE_MACHINES);

describe('the registry', () => {
  it('holds every machine the package exports', () => {
    const registered = new Set<unknown>(Object.values(STATE_MACHINES));
    const exported = Object.entries(shared).filter(([, value]) => isMachine(value));
    expect(exported.length).toBeGreaterThan(0);
    for (const [name, machine] of exported)
      expect(registered.has(machine), `${name} is not in STATE_MACHINES`).toBe(true);
    expect(machines).toHaveLength(14);
  });
});

describe.each(machines)('the %s machine', (_name, machine) => {
  const codes: number[] = Object.values(machine.statuses);
  const rows = machine.transitions as readonly {
    action: string;
    from: readonly number[];
    to?: number | 'lines';
    side: string;
    permission: string | null;
  }[];

  it('starts and ends every row at a status of its own', () => {
    for (const t of rows) {
      expect(t.from.length, `${t.action} starts nowhere`).toBeGreaterThan(0);
      for (const from of t.from) expect(codes, `${t.action} from ${from}`).toContain(from);
      if (typeof t.to === 'number') expect(codes, `${t.action} to ${t.to}`).toContain(t.to);
    }
  });

  it('names each action once', () => {
    const actions = rows.map((t) => t.action);
    expect(new Set(actions).size).toBe(actions.length);
  });

  it('guards every row with a known permission, or says why none', () => {
    for (const t of rows) {
      if (t.permission === null) {
        expect(t.side === 'system' || machine.gate !== undefined, `${t.action} has no permission`).toBe(true);
      } else {
        expect(isPermissionCode(t.permission), `${t.action}: ${t.permission}`).toBe(true);
      }
    }
    for (const code of Object.values(machine.gate ?? {})) expect(isPermissionCode(code), code).toBe(true);
  });

  it('reaches every status: created in it, entered by a row, or declared as entered otherwise', () => {
    const { initial, otherwise = [] } = machine.entered;
    const byRow = rows.flatMap((t) => (typeof t.to === 'number' ? [t.to] : []));
    for (const code of [...initial, ...otherwise]) expect(codes).toContain(code);
    // A status declared as entered otherwise must really be one no row leads to.
    for (const code of otherwise) expect(byRow, `${machine.statusName(code)} is entered by a row`).not.toContain(code);
    const reached = new Set([...initial, ...byRow, ...otherwise]);
    for (const code of codes) expect(reached.has(code), `${machine.statusName(code)} is unreachable`).toBe(true);
  });

  it('names every status', () => {
    for (const code of codes) expect(machine.statusName(code), `status ${code}`).toBeTruthy();
    expect(machine.names.length).toBe(Math.max(...codes) + 1);
  });
});

describe('defineMachine', () => {
  const machine = defineMachine({
    statuses: { OPEN: 0, SHUT: 1, GONE: 2 },
    names: ['open', 'shut', 'gone'],
    transitions: [
      { action: 'shut', from: [0], to: 1, side: 'buyer', permission: 'CG_TG_SURE', extra: 'kept' },
      { action: 'open', from: [1], to: 0, side: 'supplier', permission: 'CU_OR_CO' },
      { action: 'drop', from: [0, 1], to: 2, side: 'buyer', permission: 'CHAN_SU' },
      { action: 'expire', from: [0], to: 2, side: 'system', permission: null },
    ],
    entered: { initial: [0] },
  });
  const all = () => true;

  it('finds the row of an action with its extra fields', () => {
    expect(machine.transition('shut')).toMatchObject({ to: 1, extra: 'kept' });
  });

  it('offers one side the rows it may take, in table order', () => {
    expect(machine.available('buyer', 0, all)).toEqual(['shut', 'drop']);
    expect(machine.available('supplier', 0, all)).toEqual([]);
    expect(machine.available('supplier', 1, all)).toEqual(['open']);
    expect(machine.available('buyer', 0, (code) => code === 'CHAN_SU')).toEqual(['drop']);
    expect(machine.available('buyer', 0, all, (t) => t.action !== 'shut')).toEqual(['drop']);
    expect(machine.available('buyer', 2, all)).toEqual([]);
  });

  it('names statuses and nothing else', () => {
    expect(machine.statusName(1)).toBe('shut');
    expect(machine.statusName(7)).toBeUndefined();
  });
});
