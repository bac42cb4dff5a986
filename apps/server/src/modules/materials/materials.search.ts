import { MATERIAL_SEARCH_LIMIT, MATERIAL_STATUS, type MaterialOption } from '@concord/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { pinyin } from 'pinyin-pro';
import type { Queryable } from '../../db/client.ts';
import { materialSearchTerms, materials } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The material search of the picker and the archive's keyword filter (QUALITY P-08).
 *
 * Every write stores the material's search terms (see `materialSearchTerms`); a query is split into
 * words and each word must be the prefix of one of a material's terms. Terms include suffixes of the
 * Chinese name and of its pinyin and initials, so a prefix match is a substring match where it
 * matters: `电阻` and `dianzu` find 贴片电阻, `cgdd` finds 采购订单, `0603` finds a specification word.
 *
 * The prefix test is `term ^@ word`, which PostgreSQL turns into a range on the `text_pattern_ops`
 * b-tree. It is leakproof, as are `=` and `~>~`, the other operators used on terms: under row-level
 * security PostgreSQL only uses an index for leakproof conditions, and LIKE or trigram operators are
 * not, so they would read every material of the tenant.
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

/** The terms made from a name: the name, its words and Chinese suffixes, its pinyin and initials. */
function nameTerms(prdtName: string): string[] {
  const out: string[] = [];
  const name = normalize(prdtName);
  out.push(name);
  for (const word of name.split(WORD_BREAK)) {
    out.push(word);
    if (CJK.test(word)) out.push(...suffixes([...word]));
  }
  if (CJK.test(name)) {
    out.push(...suffixes(pinyinPieces(name, 'pinyin')));
    out.push(...suffixes(pinyinPieces(name, 'first')));
  }
  return out;
}

export interface SearchSource {
  id: string;
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  englishName: string;
}

export function buildSearchTerms(
  m: Omit<SearchSource, 'id'>,
  termsOfName: (name: string) => string[] = nameTerms,
): string[] {
  const terms = new Set<string>();
  const add = (t: string) => {
    const v = t.trim();
    if (v) terms.add(v.slice(0, MAX_TERM));
  };
  const code = normalize(m.prdtNo);
  add(code);
  for (const part of code.split(CODE_BREAK)) add(part);
  for (const term of termsOfName(m.prdtName)) add(term);
  const spec = normalize(m.prdtSpc);
  add(spec);
  for (const word of spec.split(WORD_BREAK)) add(word);
  const english = normalize(m.englishName);
  add(english);
  for (const word of english.split(WORD_BREAK)) add(word);
  return [...terms].slice(0, MAX_TERMS);
}

/**
 * `buildSearchTerms` for many materials: the terms of each name are made once, since reading a name's
 * pinyin is most of the work and names repeat (thousands of 贴片电阻 in one import).
 */
export function searchTermsBuilder(): (m: Omit<SearchSource, 'id'>) => string[] {
  const byName = new Map<string, string[]>();
  const termsOfName = (name: string) => {
    let terms = byName.get(name);
    if (!terms) {
      terms = nameTerms(name);
      byName.set(name, terms);
    }
    return terms;
  };
  return (m) => buildSearchTerms(m, termsOfName);
}

/** (material id, term) pairs as two parallel arrays, the parameters of `insertSearchTerms`. */
export interface SearchTermPairs {
  ids: string[];
  terms: string[];
}

export async function insertSearchTerms(q: Queryable, tenantId: string, pairs: SearchTermPairs): Promise<void> {
  // Two array parameters per statement instead of three parameters per row: far less to build and send.
  for (let i = 0; i < pairs.terms.length; i += 50_000) {
    await q.execute(sql`insert into ${materialSearchTerms} (tenant_id, material_id, term)
      select ${tenantId}, unnest(${sql.param(pairs.ids.slice(i, i + 50_000))}::bigint[]), unnest(${sql.param(pairs.terms.slice(i, i + 50_000))}::text[])`);
  }
}

/** Replaces the terms of some materials (after a create or an update). */
export async function writeSearchTerms(
  q: Queryable,
  tenantId: string,
  rows: SearchSource[],
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
  const build = searchTermsBuilder();
  const pairs: SearchTermPairs = { ids: [], terms: [] };
  for (const r of rows) {
    for (const term of build(r)) {
      pairs.ids.push(r.id);
      pairs.terms.push(term);
    }
  }
  await insertSearchTerms(q, tenantId, pairs);
}

const tokensOf = (query: string) => normalize(query).split(' ').filter(Boolean).slice(0, 6);

/** `^@` (starts_with) is leakproof, and the planner turns it into a range on the `text_pattern_ops` index. */
const prefix = (alias: SQL, token: string) => sql`${alias}.term ^@ ${token}`;

/**
 * A word that starts this many distinct terms or fewer is matched by those terms with `=` (see
 * `matchingMaterialIds`); beyond it (`m0`, `1`) by the prefix range.
 */
const MAX_WORD_TERMS = 16;

/**
 * The distinct terms of the tenant that each word is a prefix of, at most MAX_WORD_TERMS + 1 per word:
 * a loose index scan (one index descent per term, however many materials share it) in one statement.
 */
async function termsOfWords(q: Queryable, tenantId: string, words: string[]): Promise<string[][]> {
  const next = (word: string, after?: SQL) => sql`(select s.term from ${materialSearchTerms} s
    where s.tenant_id = ${tenantId} and ${prefix(sql.raw('s'), word)}${after ? sql` and s.term ~>~ ${after}` : sql``}
    order by s.term using ~<~ limit 1)`;
  const scans = words.map(
    (word, i) => sql`${sql.raw(`w${i}`)}(term, n) as (
      select ${next(word)}, 1
      union all
      select ${next(word, sql.raw(`w${i}.term`))}, n + 1 from ${sql.raw(`w${i}`)}
       where term is not null and n <= ${MAX_WORD_TERMS})`,
  );
  const found = words.map((_, i) => sql`select ${i}::int as i, term from ${sql.raw(`w${i}`)} where term is not null`);
  const rows = await q.execute<{ i: number; term: string }>(
    sql`with recursive ${sql.join(scans, sql`, `)} ${sql.join(found, sql` union all `)}`,
  );
  const terms = words.map((): string[] => []);
  for (const r of rows.rows) terms[r.i].push(r.term);
  return terms;
}

/** The planner's estimates of the term-index entries of each condition on `s`; nothing is read. */
async function estimatedEntries(q: Queryable, tenantId: string, conditions: SQL[]): Promise<number[]> {
  const selects = conditions.map(
    (condition) => sql`select 1 from ${materialSearchTerms} s where s.tenant_id = ${tenantId} and ${condition}`,
  );
  const { rows } = await q.execute<{ 'QUERY PLAN': unknown }>(
    sql`explain (format json) ${sql.join(selects, sql` union all `)}`,
  );
  const plan = rows[0]['QUERY PLAN'];
  type Node = { 'Plan Rows': number; Plans?: Node[] };
  const [{ Plan: append }] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Node }[];
  return conditions.map((_, i) => append.Plans?.[i]?.['Plan Rows'] ?? 0);
}

/** Materials of the rarest word tested one by one for the other words before they are intersected instead. */
const PROBE_BUDGET = 5000;

/**
 * Ids of the tenant's materials having, for every word of the query, a term that starts with it, as a
 * subquery (an id may come more than once); `limit` bounds how many are taken (the picker), none for
 * the archive's filter. Null: no words; 'none': a word starts no term at all, so nothing matches.
 *
 * One word is a range of the term index, read up to `limit`. Several words: each is first expanded
 * into the terms it starts (`termsOfWords`, which also tells a word that matches nothing), so that a
 * word starting few terms is matched by `term in (…)`, estimated from the column statistics and probed
 * in a small, hot part of the index. The word with the fewest entries by the planner's estimate drives:
 * up to PROBE_BUDGET of its materials are tested for the other words by index probes, which finds the
 * matches of a rare word at once and those of two common words (`电阻 0603`) after a few thousand
 * probes. When the budget passes without `limit` matches and the driving word has more materials, the
 * words' id sets are intersected whole instead (INTERSECT: one hash or sort, however few the matches
 * and however they are spread). The plan is spelled out rather than left to the join planner: without
 * statistics (PGlite is never analyzed) it estimates every index condition at one row and joins the
 * words with nested loops that rescan whole ranges; `OFFSET 0` keeps each test a per-material subplan.
 */
export async function matchingMaterialIds(
  q: Queryable,
  tenantId: string,
  query: string,
  limit?: number,
): Promise<SQL | null | 'none'> {
  const words = tokensOf(query);
  if (words.length === 0) return null;
  const limitClause = limit ? sql` limit ${limit}` : sql``;
  const s = sql.raw('s');
  if (words.length === 1) {
    return sql`select s.material_id from ${materialSearchTerms} s
      where s.tenant_id = ${tenantId} and ${prefix(s, words[0])}${limitClause}`;
  }
  const termsOf = await termsOfWords(q, tenantId, words);
  if (termsOf.some((terms) => terms.length === 0)) return 'none';
  const matches = (alias: SQL, i: number) =>
    termsOf[i].length <= MAX_WORD_TERMS
      ? sql`${alias}.term in (${sql.join(
          termsOf[i].map((term) => sql`${term}`),
          sql`, `,
        )})`
      : prefix(alias, words[i]);
  const entries = await estimatedEntries(
    q,
    tenantId,
    words.map((_, i) => matches(s, i)),
  );
  const [driver, ...others] = words.map((_, i) => i).sort((a, b) => entries[a] - entries[b]);
  const tests = others.map((i) => {
    const r = sql.raw(`r${i}`);
    return sql`exists (select 1 from ${materialSearchTerms} ${r}
      where ${r}.tenant_id = ${tenantId} and ${r}.material_id = d.material_id and ${matches(r, i)} offset 0)`;
  });
  const idsOf = (i: number) =>
    sql`select s.material_id from ${materialSearchTerms} s where s.tenant_id = ${tenantId} and ${matches(s, i)}`;
  return sql`with probed as materialized (
      select d.material_id from (${idsOf(driver)} limit ${PROBE_BUDGET}) d
       where ${sql.join(tests, sql` and `)}${limitClause})
    select material_id from probed
    union all
    select material_id from (${sql.join([driver, ...others].map(idsOf), sql` intersect `)}) x
     where ${limit ? sql`(select count(*) from probed) < ${limit} and ` : sql``}exists (${idsOf(driver)} offset ${PROBE_BUDGET})${limitClause}`;
}

/** The archive's keyword filter; undefined when the keyword has no words. */
export async function searchCondition(q: Queryable, tenantId: string, query: string): Promise<SQL | undefined> {
  const ids = await matchingMaterialIds(q, tenantId, query);
  if (ids === null) return undefined;
  return ids === 'none' ? sql`false` : sql`${materials.id} in (${ids})`;
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
  const ids = await matchingMaterialIds(q, tenantId, query, CANDIDATES);
  if (ids === null) {
    return q.select(optionColumns).from(materials).where(scope).orderBy(materials.prdtNo).limit(MATERIAL_SEARCH_LIMIT);
  }
  // The candidate ids are read first and the materials then by id: as one statement, the planner without
  // statistics may run the candidate query again for every material of the tenant.
  const candidateIds =
    ids === 'none' ? [] : (await q.execute<{ material_id: string }>(ids)).rows.map((r) => r.material_id);
  const code = query.trim();
  // One after the other: both run on the transaction's one connection anyway.
  const exact = await q
    .select(optionColumns)
    .from(materials)
    .where(and(scope, eq(materials.prdtNo, code)))
    .limit(1);
  const candidates =
    candidateIds.length === 0
      ? []
      : await q
          .select(optionColumns)
          .from(materials)
          .where(and(scope, sql`${materials.id} = any(${sql.param(candidateIds)}::bigint[])`))
          .limit(MATERIAL_SEARCH_LIMIT * 3);
  const lower = code.toLowerCase();
  const rank = (m: MaterialOption) => (m.prdtNo === code ? 0 : m.prdtNo.toLowerCase().startsWith(lower) ? 1 : 2);
  const seen = new Set<string>();
  return [...exact, ...candidates]
    .filter((m) => !seen.has(m.id) && seen.add(m.id))
    .sort((a, b) => rank(a) - rank(b) || a.prdtNo.localeCompare(b.prdtNo))
    .slice(0, MATERIAL_SEARCH_LIMIT);
}

/** Members who fill order lines (PO_SYN) read the picker as well as the archive's maintainers. */
const SEARCH_READERS = ['CF_BAS', 'PO_SYN'];

/** The picker's search: open to every member holding one of the reader codes, in the caller's tenant. */
export function searchMaterialOptions(
  { tx, auth, tenantId }: RequestContext,
  query: string,
  includeDisabled: boolean,
): Promise<MaterialOption[]> {
  if (!SEARCH_READERS.some((p) => auth.permissions.has(p))) throw new AppError('FORBIDDEN');
  return searchMaterials(tx, tenantId, query, includeDisabled);
}
