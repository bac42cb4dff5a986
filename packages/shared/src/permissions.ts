/**
 * Permission codes of spec §2 as a tree: group → module → operation. The group roots PO_SYN, SL_SYN
 * and CF_SYN are on by default for every member (spec §3 "permission tree node").
 */
export interface PermissionNode {
  code: string;
  children?: PermissionNode[];
}

const leaf = <const C extends string>(...codes: C[]) => codes.map((code) => ({ code }));

const TREE = [
  {
    code: 'PO_SYN',
    children: [
      { code: 'PO_SUP', children: leaf('PO_SUP_RZ', 'PO_SUP_ARC', 'PO_SUP_CAT_EDIT', 'PO_SUP_CAT_ADD') },
      {
        code: 'PO_SSO',
        children: leaf('PO_SSO_PSM', 'PO_SSO_PSM_02', 'PO_SSO_PSM_03', 'PO_SSO_SRL', 'PO_PG_SH', 'PO_PG_FA'),
      },
      { code: 'CG_TG_XT', children: leaf('CG_TG_SURE', 'CHAN_SU') },
      { code: 'RE_PLA', children: leaf('RE_PLA_SU') },
      { code: 'RE_MAN', children: leaf('RE_IPT') },
      ...leaf('BAR_RU', 'PR_ION', 'PO_CON', 'PU_BI', 'SRM_ERP', 'PO_REP'),
    ],
  },
  {
    code: 'SL_SYN',
    children: leaf(
      'SL_CUS',
      'SL_BSO',
      'CU_OR_CO',
      'SURE_PL',
      'BA_CO',
      'SL_SH_GL',
      'QU_MA',
      'SL_CON',
      'RE_MA',
      'SU_CRE',
    ),
  },
  { code: 'PR_MG', children: leaf('PR_MG_DESIGN', 'PR_MG_FORM', 'PR_MG_WORK') },
  {
    code: 'CF_SYN',
    children: leaf('COMP_INFO', 'CF_EMP_MGT_01', 'CF_OAU', 'CF_BAS', 'CF_PRINT', 'CF_LOG', 'CF_REG'),
  },
] as const;

type CodesOf<N> = N extends { code: infer C; children?: infer K }
  ? C | (K extends readonly unknown[] ? CodesOf<K[number]> : never)
  : never;

/** Every code of the tree: a typo in a route's access or a transition row fails `tsc`. */
export type PermissionCode = CodesOf<(typeof TREE)[number]>;

export const PERMISSION_TREE: PermissionNode[] = TREE as unknown as PermissionNode[];

function flatten(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((n) => [n.code, ...flatten(n.children ?? [])]);
}

export const ALL_PERMISSIONS = flatten(PERMISSION_TREE) as readonly PermissionCode[];

/** The codes as named constants, for code that composes them (`PERMISSION.CG_TG_SURE`). */
export const PERMISSION = Object.fromEntries(ALL_PERMISSIONS.map((c) => [c, c])) as {
  readonly [C in PermissionCode]: C;
};

/** Granted to every member of an enterprise regardless of position. */
export const DEFAULT_PERMISSIONS: readonly PermissionCode[] = ['PO_SYN', 'SL_SYN', 'CF_SYN', 'COMP_INFO'];

/**
 * Route access on the server: `public` (anyone), `authenticated` (a signed-in user, maybe without an
 * enterprise), `member` (signed in with an active enterprise), or a permission code.
 */
export type RouteAccess = 'public' | 'authenticated' | 'member' | PermissionCode;

export function isPermissionCode(value: string): value is PermissionCode {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}
