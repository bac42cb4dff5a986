import { MASK, type PurchaseOrderOptions } from '@concord/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenantTx } from '../src/platform/context.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';
import { readXlsx } from './security/xlsx-reader.ts';

const BASE = '/gateway/srm/purchase-orders';

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let supplier: Caller;
let buyerToken: string;
let options: PurchaseOrderOptions;

/** The text items of every page, as pdfjs (legacy build, for Node) extracts them. */
async function pdfPages(body: Buffer): Promise<string[][]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(body), useSystemFonts: false }).promise;
  const pages: string[][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')));
  }
  await doc.destroy();
  return pages;
}

/** The text of every page. */
async function pdfText(body: Buffer): Promise<string> {
  return (await pdfPages(body)).map((items) => items.join(' ')).join('\n');
}

async function createFor(owner: 'buyer' | 'clerk') {
  const supplierId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
  const res = await buyer.post(BASE, {
    supplierId,
    orderDate: '2026-11-23',
    paymentTerms: '月结 60 天',
    send: true,
    lines: [
      {
        prdtNo: 'AL-120',
        prdtName: '铝合金外壳',
        prdtSpc: '6061-T6',
        unitName: '个',
        qty: '1200',
        price: '7319.4271',
        taxRate: '13',
        requestedDate: '2026-12-20',
      },
      { prdtNo: 'HS-060', prdtName: '散热片', unitName: '个', qty: '50', price: '6.8', requestedDate: '2026-12-24' },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as string;
  if (owner === 'clerk') {
    const clerkId = (await clerk.get('/gateway/admin/user/info')).json().data.sysUser.userId;
    const tenantId = (await buyer.get('/gateway/admin/user/info')).json().data.tenant.id;
    await inTenantTx(t.database.db, tenantId, (tx) =>
      tx.execute(sql`update purchase_orders set owner_id = ${clerkId} where id = ${id}`),
    );
  }
  return id;
}

beforeAll(async () => {
  t = await createTestContext();
  buyerToken = await login(t.app, 'buyer');
  buyer = as(t.app, buyerToken);
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  options = (await buyer.get(`${BASE}/options`)).json().data;
});
afterAll(() => t.close());

describe('order PDF', () => {
  it('prints Chinese text, numbers with separators and the parties (zh-CN)', async () => {
    const id = await createFor('buyer');
    const res = await buyer.get(`${BASE}/${id}/pdf`, { 'accept-language': 'zh-CN' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('采购订单');
    expect(text).toContain('铝合金外壳');
    expect(text).toContain('月结 60 天');
    expect(text).toContain('华信电子');
    expect(text).toContain('7,319.4271');
    expect(text).toContain('1,200.00');
  });

  it('prints Traditional Chinese labels for zh-TW and the supplier side sees its own name', async () => {
    const id = await createFor('buyer');
    const res = await supplier.get(`${BASE}/${id}/pdf`, { 'accept-language': 'zh-TW' });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('採購訂單');
    expect(text).toContain('深圳精密零件');
    // The buyer's address and telephone from its enterprise record; its warehouses are not the supplier's to read.
    expect(text).toContain('松山湖高新区');
    expect(text).toContain('電話：0769-2289 1000');
    expect(text).not.toContain('交貨地址');
  });

  it('prints each line and the totals split by tax, the total in capital numerals, parties and signatures', async () => {
    const supplierId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
    const warehouse = options.warehouses[0]!;
    const res = await buyer.post(BASE, {
      supplierId,
      orderDate: '2026-11-23',
      paymentTerms: '月结 60 天',
      send: true,
      lines: [
        {
          prdtNo: 'HS-060',
          prdtName: '散热片',
          unitName: 'pieces',
          qty: '3',
          price: '2.675',
          taxRate: '13',
          requestedDate: '2026-12-20',
          warehouseId: warehouse.id,
        },
        {
          prdtNo: 'SCR-M3X8',
          prdtName: 'Screw',
          unitName: 'carton',
          qty: '5',
          price: '1.005',
          taxRate: '6',
          requestedDate: '2026-12-24',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as string;
    const detail = (await buyer.get(`${BASE}/${id}`)).json().data;
    expect(detail.totalAmountIncl).toBe('13.06');

    const pdf = await buyer.get(`${BASE}/${id}/pdf`, { 'accept-language': 'zh-CN' });
    expect(pdf.statusCode).toBe(200);
    const [page] = await pdfPages(pdf.rawPayload);
    const text = page!.join(' ');
    for (const head of ['不含税金额', '税率', '税额', '价税合计']) expect(page).toContain(head);
    // Per line: amount excl. tax, rate, tax, amount incl. tax (tax-included prices: excl + tax = incl).
    for (const figure of ['8.03', '7.11', '13%', '0.92', '5.03', '4.75', '6%', '0.28']) expect(page).toContain(figure);
    // Totals: excl 11.86 + tax 1.20 = 13.06, and in capital numerals.
    for (const figure of ['11.86', '1.20', '13.06']) expect(page).toContain(figure);
    expect(text).toContain('人民币 壹拾叁元零陆分');
    // Units are whole cell text, never cut in the middle of the word.
    expect(page).toContain('pieces');
    expect(page).toContain('carton');
    // Both parties with contact and address, the buyer's receiving warehouse, and the blocks to sign.
    expect(text).toContain('华信电子有限公司');
    expect(text).toContain('深圳精密零件');
    expect(text).toContain('松山湖高新区');
    expect(text).toContain('电话：0769-2289 1000');
    expect(text).toContain(`交货地址：`);
    expect(text).toContain(warehouse.name.split(' ')[0]!);
    expect(text).toContain('深圳市宝安区');
    expect(text).toContain('月结 60 天');
    expect(page!.filter((item) => item === '盖章处')).toHaveLength(2);
    expect(text).toContain('授权代表签字');
    expect(text).toContain('第 1 页，共 1 页');

    const english = await pdfText((await buyer.get(`${BASE}/${id}/pdf`, { 'accept-language': 'en-US' })).rawPayload);
    expect(english).toContain('Amount excl. tax');
    expect(english).toContain('Company stamp');
    expect(english).not.toContain('壹');
  });

  it('paginates a 200-line order with the header row and "page x of y" on every page', async () => {
    const supplierId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
    const res = await buyer.post(BASE, {
      supplierId,
      orderDate: '2026-11-23',
      send: true,
      lines: Array.from({ length: 200 }, (_, i) => ({
        prdtNo: `MAT-${String(i + 1).padStart(5, '0')}`,
        prdtName: i % 7 === 0 ? `Chip resistor ${i} with a long description that wraps inside its cell` : `Part ${i}`,
        unitName: 'pieces',
        qty: String(100 + i),
        price: '1.005',
        taxRate: '13',
        requestedDate: '2026-12-30',
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await buyer.get(`${BASE}/${res.json().data.id}/pdf`, { 'accept-language': 'en-US' });
    expect(pdf.statusCode).toBe(200);
    const pages = await pdfPages(pdf.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((items, i) => {
      expect(items).toContain('Name / specification');
      expect(items).toContain('Requested');
      expect(items.join(' ')).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const all = pages.flat();
    for (let n = 1; n <= 200; n++) expect(all).toContain(`MAT-${String(n).padStart(5, '0')}`);
    expect(all.filter((item) => item === 'pieces')).toHaveLength(200);
    expect(pages.at(-1)).toContain('Company stamp');
  });

  it('prints *** for every price and amount for buyer.clerk', async () => {
    const id = await createFor('clerk');
    const res = await clerk.get(`${BASE}/${id}/pdf`, { 'accept-language': 'en-US' });
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Purchase Order');
    expect(text).toContain('1,200.00');
    expect(text).toContain(MASK);
    expect(text).not.toMatch(/7,?319/);
    expect(text).not.toContain('6.8');
    // Neither the totals by tax rate nor the capital numerals give the amount away.
    const zh = await pdfText((await clerk.get(`${BASE}/${id}/pdf`, { 'accept-language': 'zh-CN' })).rawPayload);
    expect(zh).toContain('价税合计');
    expect(zh).toContain(MASK);
    expect(zh).not.toContain('大写');
    expect(zh).not.toMatch(/7,?319|8,?783/);
  });
});

describe('Excel export and import', () => {
  it('exports lines; buyer.clerk gets *** for every price and amount', async () => {
    await createFor('clerk');
    const full = readXlsx((await buyer.get(`${BASE}/export?side=buyer`)).rawPayload);
    expect(full.sheetXml).toContain('7319.4271');
    const res = await clerk.get(`${BASE}/export?side=buyer`);
    expect(res.statusCode).toBe(200);
    const sheet = readXlsx(res.rawPayload);
    expect(sheet.rows.length).toBeGreaterThan(1);
    expect(sheet.sheetXml).not.toContain('7319');
    // Empty cells are not written, so columns are found by their letter, not their position.
    const letter = (ref: string) => ref.replace(/\d+$/, '');
    for (const name of ['Price', 'Amount']) {
      const head = sheet.rows[0]!.find((c) => c.text === name);
      expect(head).toBeDefined();
      const cells = sheet.rows.slice(1).map((r) => r.find((c) => letter(c.ref) === letter(head!.ref))?.text);
      expect(cells.every((v) => v === MASK)).toBe(true);
    }
  });

  it('imports orders all or nothing, with per-row errors', async () => {
    const materials = (await buyer.post('/gateway/srm/materials/list', {})).json().data.dataList;
    expect(materials.length).toBeGreaterThan(0);
    const workbook = async (rows: (string | number)[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Orders');
      ws.addRow([
        'Order ref',
        'Supplier code',
        'Order date',
        'Material code',
        'Quantity',
        'Price',
        'Tax %',
        'Requested date',
      ]);
      for (const r of rows) ws.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const upload = (file: Buffer) => {
      const boundary = '----concord-po-import';
      return t.app.inject({
        method: 'POST',
        url: `${BASE}/import`,
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${buyerToken}` },
      });
    };
    const code = materials[0].prdtNo as string;
    const bad = await upload(
      await workbook([
        ['A', 'S00001', '2026-11-23', code, 10, 2.5, 13, '2026-12-30'],
        ['A', 'S00001', '2026-11-23', 'NO-SUCH-CODE', 10, 2.5, 13, '2026-12-30'],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe('IMPORT_ROWS_INVALID');
    expect(bad.json().data[0].row).toBe(3);
    const good = await upload(
      await workbook([
        ['A', 'S00001', '2026-11-23', code, 10, 2.5, 13, '2026-12-30'],
        ['A', 'S00001', '2026-11-23', code, 20, 2.5, 13, '2026-12-31'],
        ['B', 'S00002', '2026-11-23', code, 5, 1, 13, '2026-12-30'],
      ]),
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data.orderIds).toHaveLength(2);
    const first = (await buyer.get(`${BASE}/${good.json().data.orderIds[0]}`)).json().data;
    expect(first.lines.map((l: { qty: string }) => l.qty)).toEqual(['10', '20']);
    expect(first.lines[0].prdtNo).toBe(code);

    // The template in the caller's language is what the import reads back, once filled in.
    const template = await buyer.get(`${BASE}/template`, { 'accept-language': 'zh-CN' });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const filled = new ExcelJS.Workbook();
    await filled.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const ws = filled.worksheets[0]!;
    const header = (ws.getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['订单分组', '供应商编码', '订单日期']);
    expect(ws.rowCount).toBe(1);
    const cellOf: Record<string, string | number> = {
      订单分组: 'T',
      供应商编码: 'S00001',
      订单日期: '2026-11-23',
      物料编码: code,
      数量: 7,
      单价: 3,
      '税率%': 13,
      需求日期: '2026-12-30',
    };
    ws.addRow(header.map((h) => cellOf[h] ?? null));
    const fromTemplate = await upload(Buffer.from(await filled.xlsx.writeBuffer()));
    expect(fromTemplate.statusCode, fromTemplate.body).toBe(200);
    expect(fromTemplate.json().data.orderIds).toHaveLength(1);
  });
});
