import type { PermissionCode } from './permissions.ts';

/**
 * The kernel every two-party document shares: a status set and a table of steps, each step one row.
 * The server runs `UPDATE … WHERE id = $1 AND status IN (from)` (0 rows → 409) for the row of an
 * action, the web builds its buttons from the rows a side may take, and `state-machines.test.ts`
 * sweeps every table. A `*.states.ts` file is data: it declares its statuses, names and rows and
 * hands them to `defineMachine`; what only one domain needs (deriving a header from its lines, where
 * restore leads) stays beside the table as a plain function.
 */
export interface MachineRow<S extends number = number> {
  action: string;
  from: readonly S[];
  /**
   * The status after the step. 'lines': the module derives it from the document's lines after the
   * step. Absent: the step moves another field only (a supplier's relation) or the module computes it.
   */
  to?: S | 'lines';
  /**
   * Who takes the step: 'buyer' or 'supplier' in most tables; 'system' for a job's step; a role where
   * either enterprise may hold it (a statement's drafter and counterpart).
   */
  side: string;
  /**
   * What the taker must hold. null only on a system step, or in a table whose `gate` gives one
   * permission per enterprise side for every row.
   */
  permission: PermissionCode | null;
}

export interface MachineDefinition<
  Statuses extends Readonly<Record<string, number>>,
  Row extends MachineRow<Statuses[keyof Statuses]>,
  Name extends string,
> {
  statuses: Statuses;
  /** Indexed by status code; '' for a code that is not a status. */
  names: readonly Name[];
  transitions: readonly Row[];
  /**
   * How a document gets into a status no row leads to, so that the sweep can tell a forgotten row
   * from a status entered on purpose some other way. `initial`: the statuses a document is created
   * in. `otherwise`: statuses set by line derivation ('lines' rows), a job, an import or an
   * integration, or kept for the spec's vocabulary — each with a comment saying which.
   */
  entered: {
    initial: readonly Statuses[keyof Statuses][];
    otherwise?: readonly Statuses[keyof Statuses][];
  };
  /** The permission of each enterprise side that gates every row, for tables whose rows name roles. */
  gate?: Readonly<Record<'buyer' | 'supplier', PermissionCode>>;
}

/** The rows a `side` may take: a row whose side is a union of parties is kept for each of them. */
type RowOfSide<Row, P> = Row extends { side: infer RS } ? (P extends RS ? Row : never) : never;
/** The row of `action`, narrowed when the table is a union of row kinds. */
type RowOfAction<Row, A> = Row extends { action: infer RA } ? (A extends RA ? Row : never) : never;

export interface Machine<S extends number, Row extends MachineRow<S>, Name extends string> {
  readonly statuses: Readonly<Record<string, S>>;
  readonly names: readonly Name[];
  readonly transitions: readonly Row[];
  readonly entered: { readonly initial: readonly S[]; readonly otherwise?: readonly S[] };
  readonly gate?: Readonly<Record<'buyer' | 'supplier', PermissionCode>>;
  /** The row of `action`. */
  transition<A extends Row['action']>(action: A): RowOfAction<Row, A> | undefined;
  /**
   * The actions of `side` holding `can` in `status`, in table order; `also` filters rows further
   * (a second state the row cares about, an action offered elsewhere).
   */
  available<P extends Row['side'], R extends RowOfSide<Row, P>>(
    side: P,
    status: number,
    can: (code: PermissionCode) => boolean,
    also: (row: RowOfSide<Row, P>) => row is R,
  ): R['action'][];
  available<P extends Row['side']>(
    side: P,
    status: number,
    can: (code: PermissionCode) => boolean,
    also?: (row: RowOfSide<Row, P>) => boolean,
  ): RowOfSide<Row, P>['action'][];
  /** The name of a status code (for labels and logs); undefined for a code that is not a status. */
  statusName(code: number): Name | undefined;
}

const DEFINED = new WeakSet<object>();

/** Whether `value` came out of `defineMachine` (the sweep uses it to find machines missing from its registry). */
export function isMachine(value: unknown): value is Machine<number, MachineRow, string> {
  return typeof value === 'object' && value !== null && DEFINED.has(value);
}

export function defineMachine<
  const Statuses extends Readonly<Record<string, number>>,
  Row extends MachineRow<Statuses[keyof Statuses]>,
  Name extends string,
>(definition: MachineDefinition<Statuses, Row, Name>): Machine<Statuses[keyof Statuses], Row, Name> {
  const { statuses, names, transitions, entered, gate } = definition;
  const codes = new Set<number>(Object.values(statuses));
  const machine = {
    statuses,
    names,
    transitions,
    entered,
    gate,
    transition: (action: string) => transitions.find((t) => t.action === action),
    available: (side: string, status: number, can: (code: PermissionCode) => boolean, also?: (row: Row) => boolean) =>
      transitions
        .filter(
          (t) =>
            t.side === side &&
            (t.from as readonly number[]).includes(status) &&
            (t.permission === null || can(t.permission)) &&
            (!also || also(t)),
        )
        .map((t) => t.action),
    statusName: (code: number) => (codes.has(code) ? names[code] : undefined),
  } as unknown as Machine<Statuses[keyof Statuses], Row, Name>;
  DEFINED.add(machine);
  return machine;
}
