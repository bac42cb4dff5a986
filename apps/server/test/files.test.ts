import { randomBytes } from 'node:crypto';
import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { attributeFilesOnFirstStart, attributeLinkedFiles, unreferencedFiles } from '../src/platform/file-documents.ts';
import { newId } from '../src/platform/ids.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { type SeededSuppliers, seedSuppliers } from '../src/seed/suppliers.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestContext();
  token = await login(t.app, 'buyer');
});
afterAll(() => t.close());

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid grey-scale PNG of the given size. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grey-scale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter byte of each row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function upload(content: Buffer, filename: string, bearer: string | null = token) {
  const boundary = '----concord-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/gateway/system/oss/upload',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
  });
}

/** Everything under DATA_DIR/files, temp files included. */
function storedFiles(): string[] {
  const dir = path.join(t.config.dataDir, 'files');
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe('uploads', () => {
  it('stores a small PNG under an unguessable key and serves it as an attachment', async () => {
    const image = png(16, 16);
    const res = await upload(image, 'logo.png');
    expect(res.statusCode, res.body).toBe(200);
    const { url, name } = res.json().data;
    expect(name).toBe('logo.png');
    expect(url).toMatch(/^\/gateway\/system\/oss\/file\/[0-9a-f]{32}\.png$/);

    const download = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(image)).toBe(true);

    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses an anonymous upload', async () => {
    expect((await upload(png(4, 4), 'a.png', null)).statusCode).toBe(401);
  });

  it('types files by their bytes: a text file named .png is 415 and not kept', async () => {
    const before = storedFiles();
    const res = await upload(Buffer.from('just some text, not an image'), 'fake.png');
    expect(res.statusCode).toBe(415);
    expect(res.json().errorCode).toBe('UNSUPPORTED_FILE');
    expect(storedFiles()).toEqual(before);
  });

  it('refuses more than 1 MB with 413 and leaves nothing behind (R-07, I-08)', async () => {
    const before = storedFiles();
    const big = Buffer.concat([png(8, 8), Buffer.alloc(1024 * 1024 + 10, 7)]);
    const res = await upload(big, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json().errorCode).toBe('PAYLOAD_TOO_LARGE');
    expect(storedFiles()).toEqual(before);
  });

  it('keeps nothing from an upload whose body ends half way (R-07)', async () => {
    const before = storedFiles();
    const boundary = '----concord-cut';
    const res = await t.app.inject({
      method: 'POST',
      url: '/gateway/system/oss/upload',
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.png"\r\n\r\n`),
        png(16, 16).subarray(0, 40),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an image wider than 1000 px with 413', async () => {
    const before = storedFiles();
    const res = await upload(png(2000, 10), 'wide.png');
    expect(res.statusCode).toBe(413);
    expect(storedFiles()).toEqual(before);
  });

  it('answers 404 to path traversal and unknown keys (I-09)', async () => {
    const get = (key: string) =>
      t.app.inject({
        method: 'GET',
        url: `/gateway/system/oss/file/${key}`,
        headers: { authorization: `Bearer ${token}` },
      });
    for (const key of [
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '..%2Fpglite',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      `${'0'.repeat(32)}.png`,
      `tmp%2F${'0'.repeat(32)}`,
    ]) {
      const res = await get(key);
      expect(res.statusCode, key).toBe(404);
      expect(res.json().errorCode, key).toBe('NOT_FOUND');
    }
  });
});

describe('who reads an upload (QUALITY T-01, T-10)', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
  const QUALIFICATIONS = '/gateway/srm/qualification-documents';
  const NOTICES = '/gateway/srm/notices';
  const tokens: Record<'buyer' | 'clerk' | 'supplier' | 'supplier2' | 'loner', string> = {
    buyer: '',
    clerk: '',
    supplier: '',
    supplier2: '',
    loner: '',
  };
  let seeded: SeededSuppliers;
  let huaxin: string;

  /** The status each caller gets for `url`: 200 with the file, or 404 exactly like a missing one. */
  async function readers(url: string) {
    const out: Record<string, number> = {};
    for (const [who, bearer] of Object.entries(tokens)) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });
      if (res.statusCode === 404) expect(res.json().errorCode, who).toBe('NOT_FOUND');
      out[who] = res.statusCode;
    }
    return out;
  }

  const stored = async (bearer: string, content: Buffer = PDF, name = 'spec.pdf') => {
    const res = await upload(content, name, bearer);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { name: string; url: string };
  };

  const caller = (who: keyof typeof tokens): Caller => as(t.app, tokens[who]);

  beforeAll(async () => {
    tokens.buyer = token;
    tokens.clerk = await login(t.app, 'buyer.clerk');
    tokens.supplier = await login(t.app, 'supplier');
    tokens.supplier2 = await login(t.app, 'supplier2');
    // An account in no enterprise at all.
    await t.database.db.insert(users).values({
      id: newId(),
      username: 'loner',
      passwordHash: await hashPassword('Loner#Pass2026'),
    });
    tokens.loner = await login(t.app, 'loner', 'Loner#Pass2026');
    const tenantOf = async (who: keyof typeof tokens) =>
      (await caller(who).get('/gateway/admin/user/info')).json().data.tenant.id as string;
    const userOf = async (who: keyof typeof tokens) =>
      (await caller(who).get('/gateway/admin/user/info')).json().data.sysUser.userId as string;
    huaxin = await tenantOf('buyer');
    seeded = await seedSuppliers(t.database.db, {
      tenants: { huaxin, precision: await tenantOf('supplier'), plastics: await tenantOf('supplier2') },
      users: {
        buyer: await userOf('buyer'),
        'buyer.clerk': await userOf('clerk'),
        supplier: await userOf('supplier'),
        supplier2: await userOf('supplier2'),
      },
    });
  });

  it('lets only the uploader read a file no document holds yet', async () => {
    const { url } = await stored(tokens.buyer);
    expect(await readers(url)).toEqual({ buyer: 200, clerk: 404, supplier: 404, supplier2: 404, loner: 404 });
    const own = await stored(tokens.loner);
    expect(await readers(own.url)).toEqual({ buyer: 404, clerk: 404, supplier: 404, supplier2: 404, loner: 200 });
  });

  it('opens a reply attachment to both parties of the document once the reply saves it, to nobody else', async () => {
    const requested = await caller('buyer').post(QUALIFICATIONS, {
      supplierIds: [seeded.precision],
      items: [{ fileName: 'Files test certificate', description: '', validityType: '3' }],
      send: true,
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const id = requested.json().data.documentIds[0] as string;
    const file = await stored(tokens.supplier, PDF, 'iso.pdf');
    // The buyer is the partner-to-be: nothing before the reply attaches it.
    expect(await readers(file.url)).toEqual({ buyer: 404, clerk: 404, supplier: 200, supplier2: 404, loner: 404 });
    const buildDate = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const replied = await caller('supplier').post(`${QUALIFICATIONS}/${id}/actions/reply`, {
      attachments: [file],
      documentCode: 'FILES-TEST-001',
      buildDate,
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(await readers(file.url)).toEqual({ buyer: 200, clerk: 200, supplier: 200, supplier2: 404, loner: 404 });
  });

  it('opens one template to every supplier it was requested from, and no other', async () => {
    const template = await stored(tokens.buyer, PDF, 'template.pdf');
    const requested = await caller('buyer').post(QUALIFICATIONS, {
      supplierIds: [seeded.precision, seeded.plastics],
      items: [{ fileName: 'Files test template', description: '', validityType: '1', templateFile: template }],
      send: false,
    });
    expect(requested.statusCode, requested.body).toBe(200);
    // Drafts: the suppliers are not parties yet.
    expect(await readers(template.url)).toEqual({ buyer: 200, clerk: 200, supplier: 404, supplier2: 404, loner: 404 });
    const [toPrecision, toPlastics] = requested.json().data.documentIds as string[];
    const send = async (id: string) => {
      const { version } = (await caller('buyer').get(`${QUALIFICATIONS}/${id}`)).json().data;
      const sent = await caller('buyer').post(`${QUALIFICATIONS}/${id}/actions/send`, { version });
      expect(sent.statusCode, sent.body).toBe(200);
    };
    await send(toPrecision!);
    expect(await readers(template.url)).toEqual({ buyer: 200, clerk: 200, supplier: 200, supplier2: 404, loner: 404 });
    await send(toPlastics!);
    expect(await readers(template.url)).toEqual({ buyer: 200, clerk: 200, supplier: 200, supplier2: 200, loner: 404 });
  });

  it('opens a rich-text image of a notice to its recipients once it is published', async () => {
    const image = await stored(tokens.buyer, png(32, 32), 'plan.png');
    const created = await caller('buyer').post(NOTICES, {
      title: 'Files test notice',
      content: `<p>Floor plan</p><p><img src="${image.url}" alt="plan"></p>`,
      needReply: false,
      supplierIds: [seeded.precision],
    });
    expect(created.statusCode, created.body).toBe(200);
    const notice = created.json().data.notice as { id: string; version: number; content: string };
    expect(notice.content).toContain(image.url);
    expect(await readers(image.url)).toEqual({ buyer: 200, clerk: 200, supplier: 404, supplier2: 404, loner: 404 });
    const published = await caller('buyer').post(`${NOTICES}/${notice.id}/actions/publish`, {
      version: notice.version,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(await readers(image.url)).toEqual({ buyer: 200, clerk: 200, supplier: 200, supplier2: 404, loner: 404 });
  });

  it('gives nothing to someone who saves a key they did not upload', async () => {
    const avatar = await stored(tokens.buyer, png(24, 24), 'me.png');
    const taken = await caller('supplier2').post('/gateway/admin/sysuserinfo/updatePersonalData', {
      avatarUrl: avatar.url,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await readers(avatar.url)).toEqual({ buyer: 200, clerk: 404, supplier: 404, supplier2: 404, loner: 404 });
    // The uploader's own avatar is theirs alone, whichever enterprise is active.
    const mine = await caller('buyer').post('/gateway/admin/sysuserinfo/updatePersonalData', { avatarUrl: avatar.url });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(await readers(avatar.url)).toEqual({ buyer: 200, clerk: 404, supplier: 404, supplier2: 404, loner: 404 });
  });

  it('attributes files linked before uploads had rows, once, and lists files nothing links', async () => {
    const dir = path.join(t.config.dataDir, 'files');
    const key = `${randomBytes(16).toString('hex')}.pdf`;
    writeFileSync(path.join(dir, key), PDF);
    const url = `/gateway/system/oss/file/${key}`;
    const created = await caller('buyer').post(NOTICES, {
      title: 'Files test legacy notice',
      content: '<p>Old</p>',
      needReply: false,
      supplierIds: [seeded.precision],
    });
    const notice = created.json().data.notice as { id: string; version: number };
    expect(
      (await caller('buyer').post(`${NOTICES}/${notice.id}/actions/publish`, { version: notice.version })).statusCode,
    ).toBe(200);
    // What an older version left: the link saved, no row for the file.
    await inTenantTx(t.database.db, huaxin, (tx) =>
      tx.execute(sql`update notices set attachments = ${JSON.stringify([{ name: 'old.pdf', url }])}::jsonb
                      where id = ${notice.id}`),
    );
    expect(await readers(url)).toEqual({ buyer: 404, clerk: 404, supplier: 404, supplier2: 404, loner: 404 });

    // An install that already records its files does not scan every document again at start.
    expect(await attributeFilesOnFirstStart(t.database.db)).toBe(0);
    expect(await attributeLinkedFiles(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await attributeLinkedFiles(t.database.db)).toBe(0);
    expect(await readers(url)).toEqual({ buyer: 200, clerk: 200, supplier: 200, supplier2: 404, loner: 404 });
    const { rows } = await t.database.db.execute<{ name: string; document_type: string; owner: string }>(
      sql`select name, document_type, owner_tenant_id::text as owner from files where key = ${key}`,
    );
    expect(rows).toEqual([{ name: 'old.pdf', document_type: 'notices', owner: huaxin }]);

    const orphan = `${randomBytes(16).toString('hex')}.pdf`;
    const fresh = `${randomBytes(16).toString('hex')}.pdf`;
    writeFileSync(path.join(dir, orphan), PDF);
    writeFileSync(path.join(dir, fresh), PDF);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(path.join(dir, orphan), twoDaysAgo, twoDaysAgo);
    utimesSync(path.join(dir, key), twoDaysAgo, twoDaysAgo);
    const unlinked = await unreferencedFiles(t.database.db, t.config.dataDir);
    expect(unlinked).toContain(orphan);
    expect(unlinked).not.toContain(key);
    // An upload younger than a day may belong to a form still open.
    expect(unlinked).not.toContain(fresh);
  });
});
