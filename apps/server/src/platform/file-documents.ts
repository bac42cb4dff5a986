import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { MEMBER_STATUS, NOTICE_STATUS, QUALIFICATION_SUPPLIER_HIDDEN_STATUSES } from '@concord/shared';
import { and, eq, getTableName, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Queryable } from '../db/client.ts';
import {
  contracts,
  enterpriseCapabilities,
  enterprises,
  files,
  inquiries,
  materialDrawings,
  materialExports,
  materialImports,
  memberships,
  noticeRecipients,
  notices,
  potentialSuppliers,
  purchaseOrders,
  qualificationDocuments,
  qualificationRequirements,
  quotations,
  supplierAudits,
  users,
} from '../db/schema.ts';
import { inTenantTx } from './context.ts';
import { FILE_URL_PREFIX, fileKeysIn, STORED_KEY, type StoredFile } from './files.ts';

/**
 * Who may read an upload (QUALITY T-01, T-10). Every upload gets a `files` row naming its uploader;
 * until a document saves its key only the uploader reads it. Saving attaches it to that document: the
 * document's enterprise owns it and, for a two-party document, the other party is its partner. Readers
 * are then the members of the owning enterprise and of the partners of the owner's documents that link
 * it (a template copied into many suppliers' requests, a notice's recipients). Anything else, a key
 * without a row included, is NOT_FOUND, the answer for a missing file.
 *
 * Membership rather than the active enterprise decides, because `<img>` and download links cannot send
 * the TENANT_ID header: a member of two enterprises reads each one's files whichever is active.
 */

/** The document a save attaches files to. */
export interface FileDocument {
  table: PgTable;
  id: string;
  /** The enterprise owning the document (the buyer of a two-party one). */
  ownerTenantId: string;
  /** The other party of a two-party document, once it has one. */
  partnerTenantId?: string | null;
}

/**
 * A field of a document that links uploads, with the partners who read what it links besides the
 * owner's members: the row's `supplier_tenant_id`, or a notice's recipients once it is published.
 */
interface FileField {
  table: PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn };
  column: AnyPgColumn;
  partners?: (tenants: string[]) => SQL;
  partnerColumn?: AnyPgColumn;
}

const supplierOf =
  (column: AnyPgColumn) =>
  (tenants: string[]): SQL =>
    sql`${column} = any(${sql.param(tenants)}::bigint[])`;

/** A requested document is the supplier's to read once it is sent: not as a draft. */
const qualificationSupplierOf = (tenants: string[]): SQL =>
  sql`${supplierOf(qualificationDocuments.supplierTenantId)(tenants)} and ${qualificationDocuments.status} not in (${sql.join(
    QUALIFICATION_SUPPLIER_HIDDEN_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`;

/** Notices are the buyer's alone; a published (or later abolished) one is read by its recipients. */
const noticeRecipientsOf = (tenants: string[]): SQL =>
  sql`${notices.status} in (${NOTICE_STATUS.PUBLISHED}, ${NOTICE_STATUS.ABOLISHED}) and exists (
    select 1 from ${noticeRecipients}
     where ${noticeRecipients.tenantId} = ${notices.tenantId} and ${noticeRecipients.noticeId} = ${notices.id}
       and ${noticeRecipients.supplierTenantId} = any(${sql.param(tenants)}::bigint[]))`;

/** Every field that saves an upload's key; the start-up attribution scans exactly these. */
const FILE_FIELDS: FileField[] = [
  {
    table: purchaseOrders,
    column: purchaseOrders.attachments,
    partners: supplierOf(purchaseOrders.supplierTenantId),
    partnerColumn: purchaseOrders.supplierTenantId,
  },
  {
    table: contracts,
    column: contracts.attachments,
    partners: supplierOf(contracts.supplierTenantId),
    partnerColumn: contracts.supplierTenantId,
  },
  {
    table: qualificationDocuments,
    column: qualificationDocuments.attachments,
    partners: qualificationSupplierOf,
    partnerColumn: qualificationDocuments.supplierTenantId,
  },
  {
    table: qualificationDocuments,
    column: qualificationDocuments.templateFile,
    partners: qualificationSupplierOf,
    partnerColumn: qualificationDocuments.supplierTenantId,
  },
  { table: qualificationRequirements, column: qualificationRequirements.templateFile },
  { table: notices, column: notices.content, partners: noticeRecipientsOf },
  { table: notices, column: notices.attachments, partners: noticeRecipientsOf },
  {
    table: noticeRecipients,
    column: noticeRecipients.replyAttachments,
    partners: supplierOf(noticeRecipients.supplierTenantId),
    partnerColumn: noticeRecipients.supplierTenantId,
  },
  { table: materialDrawings, column: materialDrawings.attachments },
  { table: inquiries, column: inquiries.attachments },
  // Each invited supplier reads the inquiry's files through its quotation's copy of them.
  {
    table: quotations,
    column: quotations.attachments,
    partners: supplierOf(quotations.supplierTenantId),
    partnerColumn: quotations.supplierTenantId,
  },
  { table: enterpriseCapabilities, column: enterpriseCapabilities.attachments },
  { table: potentialSuppliers, column: potentialSuppliers.attachments },
  { table: supplierAudits, column: supplierAudits.attachments },
];

/** An avatar belongs to its user, not to an enterprise: only that user reads it. */
const USERS = getTableName(users);

/** Records an upload; until a document saves its key, only `uploader` reads it. */
export async function recordUpload(
  q: Queryable,
  stored: StoredFile,
  uploader: { userId: string; tenantId: string | null },
): Promise<void> {
  await q.insert(files).values({
    key: stored.key,
    name: stored.name,
    ownerTenantId: uploader.tenantId,
    uploaderId: uploader.userId,
  });
}

/**
 * Attaches the uploads linked from what a document saves (file references, lists of them, rich text),
 * in the transaction that saves it. Only files `userId` uploaded and nobody attached yet are taken, and
 * those of this very document are brought up to date (its partner, once it has one): a key of someone
 * else's file, or of another document's, gives the document nothing.
 */
export async function attachFiles(q: Queryable, userId: string, doc: FileDocument, ...saved: unknown[]) {
  const keys = fileKeysIn(...saved);
  if (keys.length === 0) return;
  const type = getTableName(doc.table);
  await q
    .update(files)
    .set({
      documentType: type,
      documentId: doc.id,
      ownerTenantId: doc.ownerTenantId,
      partnerTenantId: doc.partnerTenantId ?? null,
      attachedAt: sql`coalesce(${files.attachedAt}, now())`,
    })
    .where(
      and(
        inArray(files.key, keys),
        or(
          and(isNull(files.documentId), eq(files.uploaderId, userId)),
          and(eq(files.documentType, type), eq(files.documentId, doc.id)),
        ),
      ),
    );
}

/** Attaches a user's own upload, their avatar: one they uploaded that no document holds. */
export async function attachUserFile(q: Queryable, userId: string, url: string | null | undefined) {
  const keys = fileKeysIn(url);
  if (keys.length === 0) return;
  await q
    .update(files)
    .set({ documentType: USERS, documentId: userId, ownerTenantId: null, attachedAt: sql`now()` })
    .where(
      and(
        inArray(files.key, keys),
        eq(files.uploaderId, userId),
        or(isNull(files.documentId), and(eq(files.documentType, USERS), eq(files.documentId, userId))),
      ),
    );
}

/** Whether any document of `file`'s owner that links it has one of `tenants` as partner. */
async function partnerLinks(db: Db, ownerTenantId: string, key: string, tenants: string[]): Promise<boolean> {
  const checks = FILE_FIELDS.filter((f) => f.partners).map(
    (f) => sql`exists (select 1 from ${f.table} where ${f.table.tenantId} = ${ownerTenantId}
      and ${f.partners!(tenants)} and strpos(${f.column}::text, ${key}) > 0)`,
  );
  // Read in the owner's context: the rows are the owner's, and the partner test is explicit.
  const { rows } = await inTenantTx(db, ownerTenantId, (tx) =>
    tx.execute<{ linked: boolean }>(sql`select (${sql.join(checks, sql` or `)}) as linked`),
  );
  return rows[0]?.linked === true;
}

/** The upload `key` if `userId` may read it, else null: the caller answers NOT_FOUND either way. */
export async function readableFile(db: Db, key: string, userId: string) {
  if (!STORED_KEY.test(key)) return null;
  const [file] = await db.select().from(files).where(eq(files.key, key)).limit(1);
  if (!file) return null;
  if (file.documentId === null) return file.uploaderId === userId ? file : null;
  if (file.documentType === USERS) return file.documentId === userId ? file : null;
  if (file.ownerTenantId === null) return null;
  const tenants = (
    await db
      .select({ tenantId: memberships.tenantId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.status, MEMBER_STATUS.JOINED)))
  ).map((m) => m.tenantId);
  if (tenants.includes(file.ownerTenantId)) return file;
  if (file.partnerTenantId && tenants.includes(file.partnerTenantId)) return file;
  if (tenants.length === 0) return null;
  return (await partnerLinks(db, file.ownerTenantId, key, tenants)) ? file : null;
}

// ---------------------------------------------------------------------------------------------
// Files saved before uploads had rows

interface Link {
  key: string;
  name: string;
  documentType: string;
  documentId: string;
  ownerTenantId: string | null;
  partnerTenantId: string | null;
}

/** The names a stored value gives its files (`{ name, url }` references); rich text gives none. */
function namesIn(text: string): Map<string, string> {
  const names = new Map<string, string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const { name, url } = v as { name?: unknown; url?: unknown };
      if (typeof name === 'string' && typeof url === 'string') for (const k of fileKeysIn(url)) names.set(k, name);
    }
  };
  if (text.startsWith('[') || text.startsWith('{')) {
    try {
      walk(JSON.parse(text));
    } catch {
      // Rich text that happens to start with a bracket: no names.
    }
  }
  return names;
}

/** Every link from a document to an upload, one enterprise at a time (row-level security holds). */
async function forEachLink(db: Db, visit: (q: Queryable, links: Link[]) => Promise<void>): Promise<void> {
  const avatars = await db
    .select({ id: users.id, url: users.avatarUrl })
    .from(users)
    .where(like(users.avatarUrl, `${FILE_URL_PREFIX}%`));
  await visit(
    db,
    avatars.flatMap((u) =>
      fileKeysIn(u.url).map((key) => ({
        key,
        name: '',
        documentType: USERS,
        documentId: u.id,
        ownerTenantId: null,
        partnerTenantId: null,
      })),
    ),
  );
  for (const { id: tenantId } of await db.select({ id: enterprises.id }).from(enterprises)) {
    await inTenantTx(db, tenantId, async (tx) => {
      const links: Link[] = [];
      for (const field of FILE_FIELDS) {
        const rows = await tx
          .select({
            id: sql<string>`${field.table.id}::text`,
            partner: field.partnerColumn ? sql<string | null>`${field.partnerColumn}::text` : sql<null>`null`,
            text: sql<string>`${field.column}::text`,
          })
          .from(field.table)
          .where(and(eq(field.table.tenantId, tenantId), sql`strpos(${field.column}::text, ${FILE_URL_PREFIX}) > 0`));
        for (const row of rows) {
          const names = namesIn(row.text);
          for (const key of fileKeysIn(row.text)) {
            links.push({
              key,
              name: names.get(key) ?? '',
              documentType: getTableName(field.table),
              documentId: row.id,
              ownerTenantId: tenantId,
              partnerTenantId: row.partner,
            });
          }
        }
      }
      await visit(tx, links);
    });
  }
}

/**
 * Gives every file a document links but that has no `files` row yet (saved before uploads had rows,
 * or written by the demo seed) the row of the first document found linking it. Idempotent. Returns how
 * many rows it added.
 */
export async function attributeLinkedFiles(db: Db): Promise<number> {
  let added = 0;
  await forEachLink(db, async (q, links) => {
    const fresh = [...new Map(links.map((l) => [l.key, l])).values()];
    for (let i = 0; i < fresh.length; i += 1000) {
      const inserted = await q
        .insert(files)
        .values(fresh.slice(i, i + 1000).map((l) => ({ ...l, attachedAt: sql`now()` })))
        .onConflictDoNothing()
        .returning({ key: files.key });
      added += inserted.length;
    }
  });
  return added;
}

/**
 * The start-up attribution, paid once: an install reaches this with no `files` row only on its first
 * start after the migration that made the table; from then on every upload and every save records
 * its file, so scanning every document of every tenant again at each start would find nothing.
 */
export async function attributeFilesOnFirstStart(db: Db): Promise<number> {
  const [any] = await db.select({ key: files.key }).from(files).limit(1);
  return any ? 0 : attributeLinkedFiles(db);
}

/**
 * Files in the store that no document, import or export links, older than `graceMs` (an upload
 * whose form is still open is not linked yet). Listed for an operator to delete, never deleted here.
 */
export async function unreferencedFiles(db: Db, dataDir: string, graceMs = 24 * 3600_000): Promise<string[]> {
  const dir = path.join(dataDir, 'files');
  const stored = await readdir(dir).catch(() => [] as string[]);
  const linked = new Set<string>();
  await forEachLink(db, async (_q, links) => {
    for (const l of links) linked.add(l.key);
  });
  for (const { id: tenantId } of await db.select({ id: enterprises.id }).from(enterprises)) {
    await inTenantTx(db, tenantId, async (tx) => {
      const imports = await tx
        .select({ key: materialImports.fileKey })
        .from(materialImports)
        .where(eq(materialImports.tenantId, tenantId));
      const exports = await tx
        .select({ key: materialExports.fileKey })
        .from(materialExports)
        .where(eq(materialExports.tenantId, tenantId));
      for (const r of [...imports, ...exports]) if (r.key) linked.add(r.key);
    });
  }
  const before = Date.now() - graceMs;
  const unlinked: string[] = [];
  for (const name of stored.sort()) {
    if (linked.has(name)) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info?.isFile() && info.mtimeMs < before) unlinked.push(name);
  }
  return unlinked;
}
