import { DELIVERY_PACKAGE_KIND } from '@concord/shared';
import { type Label, renderLabelsPdf } from '../src/modules/delivery-notes/labels.pdf.ts';
import { record } from './summary.ts';

const LIMIT_MS = 5_000;
const ROUNDS = 3;

/** QUALITY P-06: 1,000 package labels (each a distinct CODE_128 and QR code) rendered into one PDF. */
export async function benchLabels(): Promise<void> {
  const labels: Label[] = Array.from({ length: 1_000 }, (_, i) => ({
    packageNo: `DN2611230001-${(i % 20) + 1}-${i + 1}`,
    customerName: '华信电子 Huaxin Electronics',
    noteNo: 'DN2611230001',
    lineNo: (i % 20) + 1,
    prdtNo: `HX-AL-${String(120 + (i % 20)).padStart(3, '0')}`,
    prdtName: '铝合金外壳 Aluminium housing',
    qty: '50',
    unitName: 'pcs',
    batchNo: `B2611-${String(i % 7).padStart(2, '0')}`,
    kind: DELIVERY_PACKAGE_KIND.SMALL,
    index: i + 1,
    total: 1_000,
  }));
  const times: number[] = [];
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    bytes = (await renderLabelsPdf(labels, 'zh-CN')).length;
    times.push(performance.now() - start);
  }
  const worst = Math.max(...times);
  record({
    row: 'P-06',
    case: `1,000 barcode labels to one PDF (worst of ${ROUNDS})`,
    target: `< ${LIMIT_MS} ms`,
    measured: worst,
    unit: 'ms',
    pass: worst < LIMIT_MS,
  });
  console.log(
    `P-06 1,000 labels to one PDF: ${times.map((t) => Math.round(t)).join(' / ')} ms, ${(bytes / 1e6).toFixed(1)} MB (limit ${LIMIT_MS} ms)${worst < LIMIT_MS ? '' : ' — OVER'}`,
  );
}
