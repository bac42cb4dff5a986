import { MATERIAL_SEARCH_LIMIT, MATERIAL_STATUS, type MaterialOption } from '@concord/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { pinyin } from 'pinyin-pro';
import type { Queryable } from '../../db/client.ts';
import { materialSearchTerms, materials } from '../../db/schema.ts';

/**
 * The material search of the picker and the archive's keyword filter (QUALITY P-08).
 *
 * Every write stores the material's search terms (see `materialSearchTerms`); a query is split into
 * words and each word must be the prefix of one of a material's terms. Terms include suffixes of the
 * Chinese name and of its pinyin and initials, so a prefix match is a substring match where it
 * matters: `电阻` and `dianzu` find 贴片电阻, `cgdd` finds 采购订单, `0603` finds a specification word.
 *
 * The prefix test is `term ^@ word`, which PostgreSQL turns into a range on the `text_pattern_ops`
 * b-tree. It is leakproof: under row-level security PostgreSQL only uses an index for leakproof
 * conditions, and LIKE or trigram operators are not, so they would read every material of the tenant.
 */

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const WORD_BREAK = /[\s,;，；、/|()（）[\]]+/;
const CODE_BREAK = /[^\p{L}\p{N}]+/u;
const MAX_TERM = 64;
const MAX_SUFFIXES = 16;
const MAX_TERMS = 80;
/** Candidate ids taken from the term index per query before the materials are read. */
const CANDIDATES = 500;

const normalize = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** `abcd` → abcd, bcd, cd: joined suffixes of a list of pieces, at least two characters long. */
function suffixes(pieces: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < pieces.length && out.length < MAX_SUFFIXES; i++) {
    const s = pieces.slice(i).join('');
    if (s.length >= 2) out.push(s);
  }
  return out;
}

/** The name's pinyin read in context, one piece per Chinese character, other runs kept whole. */
const pinyinPieces = (name: string, pattern: 'pinyin' | 'first') =>
  pinyin(name, { toneType: 'none', type: 'array', pattern, nonZh: 'consecutive' })
    .map((p) => p.replace(/\s+/g, '').toLowerCase())
    .filter(Boolean);

export function buildSearchTerms(m: {
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  englishName: string;
}): string[] {
  const terms = new Set<string>();
  const add = (t: string) => {
    const v = t.trim();
    if (v) terms.add(v.slice(0, MAX_TERM));
  };
  const code = normalize(m.prdtNo);
  add(code);
  for (const part of code.split(CODE_BREAK)) add(part);
  const name = normalize(m.prdtName);
  add(name);
  for (const word of name.split(WORD_BREAK)) {
    add(word);
    if (CJK.test(word)) for (const s of suffixes([...word])) add(s);
  }
  if (CJK.test(name)) {
    for (const s of suffixes(pinyinPieces(name, 'pinyin'))) add(s);
    for (const s of suffixes(pinyinPieces(name, 'first'))) add(s);
  }
  const spec = normalize(m.prdtSpc);
  add(spec);
  for (const word of spec.split(WORD_BREAK)) add(word);
  const english = normalize(m.englishName);
  add(english);
  for (const word of english.split(WORD_BREAK)) add(word);
  return [...terms].slice(0, MAX_TERMS);
}

/** Replaces the terms of some materials (after a create, an update or an import batch). */
export async function writeSearchTerms(
  q: Queryable,
  tenantId: string,
  rows: { id: string; prdtNo: string; prdtName: string; prdtSpc: string; englishName: string }[],
  replace: boolean,
): Promise<void> {
  if (rows.length === 0) return;
  if (replace) {
    await q.delete(materialSearchTerms).where(
      and(
        eq(materialSearchTerms.tenantId, tenantId),
        inArray(
          materialSearchTerms.materialId,
          rows.map((r) => r.id),
        ),
      ),
    );
  }
  const ids: string[] = [];
  const terms: string[] = [];
  for (const r of rows) {
    for (const term of buildSearchTerms(r)) {
      ids.push(r.id);
      terms.push(term);
    }
  }
  // Two array parameters per statement instead of three parameters per row: far less to build and send.
  for (let i = 0; i < terms.length; i += 50_000) {
    await q.execute(sql`insert into ${materialSearchTerms} (tenant_id, material_id, term)
      select ${tenantId}, unnest(${sql.param(ids.slice(i, i + 50_000))}::bigint[]), unnest(${sql.param(terms.slice(i, i + 50_000))}::text[])`);
  }
}

const tokensOf = (query: string) => normalize(query).split(' ').filter(Boolean).slice(0, 6);

/** `^@` (starts_with) is leakproof, and the planner turns it into a range on the `text_pattern_ops` index. */
const prefix = (alias: SQL, token: string) => sql`${alias}.term ^@ ${token}`;

/**
 * Ids of the tenant's materials whose terms start with every word of the query, as a subquery;
 * `limit` bounds how many are taken (the picker), none for the archive's filter. Null: no words.
 */
export function matchingMaterialIds(tenantId: string, query: string, limit?: number): SQL | null {
  const [first, ...rest] = tokensOf(query);
  if (first === undefined) return null;
  const s = sql.raw('s');
  const others = rest.map(
    (token, i) => sql` and exists (select 1 from ${materialSearchTerms} ${sql.raw(`s${i}`)}
      where ${sql.raw(`s${i}`)}.tenant_id = ${tenantId} and ${sql.raw(`s${i}`)}.material_id = s.material_id
        and ${prefix(sql.raw(`s${i}`), token)})`,
  );
  return sql`select s.material_id from ${materialSearchTerms} ${s}
    where s.tenant_id = ${tenantId} and ${prefix(s, first)}${sql.join(others, sql``)}
    ${limit ? sql`limit ${limit}` : sql``}`;
}

export function searchCondition(tenantId: string, query: string): SQL | null {
  const ids = matchingMaterialIds(tenantId, query);
  return ids ? sql`${materials.id} in (${ids})` : null;
}

const optionColumns = {
  id: materials.id,
  prdtNo: materials.prdtNo,
  prdtName: materials.prdtName,
  prdtSpc: materials.prdtSpc,
  poUnitNo: materials.poUnitNo,
  poUnitName: materials.poUnitName,
  status: sql<0 | 1>`${materials.status}`,
};

/**
 * Up to MATERIAL_SEARCH_LIMIT options: the exact code first, then codes starting with the query, then
 * the rest by code. The candidates are a bounded sample of the matches, never a sort of all of them.
 */
export async function searchMaterials(
  q: Queryable,
  tenantId: string,
  query: string,
  includeDisabled = false,
): Promise<MaterialOption[]> {
  const scope = and(
    eq(materials.tenantId, tenantId),
    includeDisabled ? undefined : eq(materials.status, MATERIAL_STATUS.ENABLED),
  );
  const ids = matchingMaterialIds(tenantId, query, CANDIDATES);
  if (!ids) {
    return q.select(optionColumns).from(materials).where(scope).orderBy(materials.prdtNo).limit(MATERIAL_SEARCH_LIMIT);
  }
  const code = query.trim();
  const [exact, candidates] = await Promise.all([
    q
      .select(optionColumns)
      .from(materials)
      .where(and(scope, eq(materials.prdtNo, code)))
      .limit(1),
    q
      .select(optionColumns)
      .from(materials)
      .where(and(scope, sql`${materials.id} in (${ids})`))
      .limit(MATERIAL_SEARCH_LIMIT * 3),
  ]);
  const lower = code.toLowerCase();
  const rank = (m: MaterialOption) => (m.prdtNo === code ? 0 : m.prdtNo.toLowerCase().startsWith(lower) ? 1 : 2);
  const seen = new Set<string>();
  return [...exact, ...candidates]
    .filter((m) => !seen.has(m.id) && seen.add(m.id))
    .sort((a, b) => rank(a) - rank(b) || a.prdtNo.localeCompare(b.prdtNo))
    .slice(0, MATERIAL_SEARCH_LIMIT);
}
