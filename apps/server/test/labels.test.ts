import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PurchaseOrderOptions } from '@concord/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import {
  barcodeGeometry,
  type Label,
  labelPayload,
  qrGeometry,
  rasterize,
  renderLabelsPdf,
} from '../src/modules/delivery-notes/labels.pdf.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

const label: Label = {
  packageNo: 'DN2611230001-2-13',
  customerName: '华信电子 Huaxin Electronics',
  noteNo: 'DN2611230001',
  lineNo: 2,
  prdtNo: 'MAT-000123',
  prdtName: '铝合金外壳 Aluminium housing',
  qty: '60',
  unitName: 'pcs',
  batchNo: 'B20261123',
  kind: 2,
  index: 13,
  total: 16,
};

async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  return pages;
}

beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  await prepareZXingModule({
    overrides: { wasmBinary: readFileSync(wasm).buffer as ArrayBuffer },
    fireImmediately: true,
  });
});

describe('label codes', () => {
  it('draws a CODE_128 barcode a scanner reads as the package number', async () => {
    const [read] = await readBarcodes(rasterize(barcodeGeometry(label.packageNo), 3) as ImageData, {
      formats: ['Code128'],
    });
    expect(read?.format).toBe('Code128');
    expect(read?.text).toBe(label.packageNo);
  });

  it('draws a QR code carrying note, line, material, quantity and batch', async () => {
    const [read] = await readBarcodes(rasterize(qrGeometry(labelPayload(label)), 4, 4) as ImageData, {
      formats: ['QRCode'],
    });
    expect(read?.format).toBe('QRCode');
    expect(JSON.parse(read!.text)).toEqual({
      p: 'DN2611230001-2-13',
      n: 'DN2611230001',
      l: 2,
      m: 'MAT-000123',
      q: '60',
      b: 'B20261123',
    });
  });

  it('prints one page per label with the readable facts, Chinese included', async () => {
    const pdf = await renderLabelsPdf([label, { ...label, packageNo: 'DN2611230001-2-14', index: 14 }], 'zh-CN');
    const pages = await pageTexts(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('华信电子');
    expect(pages[0]).toContain('铝合金外壳');
    expect(pages[0]).toContain('60 pcs');
    expect(pages[0]).toContain('B20261123');
    expect(pages[0]).toContain('13 / 16');
    expect(pages[1]).toContain('DN2611230001-2-14');
  });
});

describe('POST /gateway/srm/labels/pdf', () => {
  let t: TestContext;
  let supplier: Caller;
  let supplier2: Caller;
  let noteId: string;

  beforeAll(async () => {
    t = await createTestContext();
    const buyer = as(t.app, await login(t.app, 'buyer'));
    supplier = as(t.app, await login(t.app, 'supplier'));
    supplier2 = as(t.app, await login(t.app, 'supplier2'));
    const options: PurchaseOrderOptions = (await buyer.get('/gateway/srm/purchase-orders/options')).json().data;
    const order = await buyer.post('/gateway/srm/purchase-orders', {
      supplierId: options.suppliers.find((s) => s.supCode === 'S00001')!.id,
      orderDate: '2026-11-23',
      send: true,
      lines: [
        { prdtNo: 'LB-1', prdtName: '标签物料', unitName: 'pcs', qty: '10', price: '1', requestedDate: '2026-12-01' },
      ],
    });
    const orderId = order.json().data.id;
    const confirmed = (
      await supplier.post(`/gateway/srm/purchase-orders/${orderId}/actions/confirm`, { all: true })
    ).json().data;
    const buyerTenant = (await buyer.get('/gateway/admin/user/info')).json().data.tenant.id;
    const created = await supplier.post('/gateway/srm/delivery-notes', {
      customerTenantId: buyerTenant,
      shipDate: '2026-11-24',
      expectedDate: '2026-11-25',
      lines: [
        { orderLineId: confirmed.lines[0].id, qty: '4', batchNo: 'L1' },
        { orderLineId: confirmed.lines[0].id, qty: '6', batchNo: 'L2' },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    noteId = created.json().data.id;
  });
  afterAll(() => t.close());

  it('returns one PDF with a label per package; another supplier gets 404', async () => {
    const res = await supplier.post('/gateway/srm/labels/pdf', { noteId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = await pageTexts(res.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain('Batch: L2');
    expect((await supplier2.post('/gateway/srm/labels/pdf', { noteId })).statusCode).toBe(404);
  });
});
