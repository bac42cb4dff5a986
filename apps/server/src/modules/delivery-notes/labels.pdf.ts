import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { DELIVERY_PACKAGE_KIND, type LabelPayload, type Locale } from '@concord/shared';
import { PDFDocument, type PDFFont, PDFName } from '@pdfme/pdf-lib';
import bwipjs from 'bwip-js/node';
import QRCode from 'qrcode';

/**
 * Package labels (issue 7 §2): one 100 × 70 mm page per package with a CODE_128 barcode of the
 * package number (what a scanner types into the receiving page), a QR code carrying the
 * `LabelPayload` JSON, and the readable facts in the CJK font. Codes are drawn as vector rectangles
 * from their module geometry, not as images: a label prints sharp at any printer resolution, and
 * 1,000 labels render in well under the 5 s of QUALITY P-06 (a PNG per code costs ~30 ms).
 */

const MM = 72 / 25.4;
export const LABEL_WIDTH = 100 * MM;
export const LABEL_HEIGHT = 70 * MM;

export interface Label {
  packageNo: string;
  customerName: string;
  noteNo: string;
  lineNo: number;
  prdtNo: string;
  prdtName: string;
  qty: string;
  unitName: string;
  batchNo: string;
  /** Small or large package (`DELIVERY_PACKAGE_KIND`). */
  kind: number;
  /** k of n within the note. */
  index: number;
  total: number;
}

/** Dark modules of a code, as rectangles in module units with y growing downwards. */
export interface CodeGeometry {
  width: number;
  height: number;
  rects: { x: number; y: number; w: number; h: number }[];
}

export const labelPayload = (l: Label): LabelPayload => ({
  p: l.packageNo,
  n: l.noteNo,
  l: l.lineNo,
  m: l.prdtNo,
  q: l.qty,
  b: l.batchNo,
});

/** CODE_128 bars of a package number: one rectangle per bar, `height` modules tall. */
export function barcodeGeometry(text: string, height = 40): CodeGeometry {
  const [encoded] = bwipjs.raw({ bcid: 'code128', text }) as unknown as { sbs: number[] }[];
  const rects: CodeGeometry['rects'] = [];
  let x = 0;
  encoded!.sbs.forEach((w, i) => {
    if (i % 2 === 0) rects.push({ x, y: 0, w, h: height });
    x += w;
  });
  return { width: x, height, rects };
}

/** QR modules of the payload, each row's runs of dark modules merged into one rectangle. */
export function qrGeometry(payload: LabelPayload): CodeGeometry {
  // A fixed mask: choosing the best of eight triples the cost, and every reader decodes any mask.
  const qr = QRCode.create(JSON.stringify(payload), { errorCorrectionLevel: 'M', maskPattern: 0 });
  const size = qr.modules.size;
  const data = qr.modules.data;
  const rects: CodeGeometry['rects'] = [];
  for (let y = 0; y < size; y++) {
    let start = -1;
    for (let x = 0; x <= size; x++) {
      const dark = x < size && data[y * size + x] === 1;
      if (dark && start < 0) start = x;
      else if (!dark && start >= 0) {
        rects.push({ x: start, y, w: x - start, h: 1 });
        start = -1;
      }
    }
  }
  return { width: size, height: size, rects };
}

/**
 * A code's geometry as a grey-scale bitmap (`scale` pixels per module, a `quiet` zone of white
 * modules around it): what the tests decode, so they read exactly what the PDF draws.
 */
export function rasterize(
  g: CodeGeometry,
  scale = 4,
  quiet = 10,
): { data: Uint8ClampedArray; width: number; height: number } {
  const width = (g.width + quiet * 2) * scale;
  const height = (g.height + quiet * 2) * scale;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const r of g.rects)
    for (let y = (r.y + quiet) * scale; y < (r.y + r.h + quiet) * scale; y++)
      for (let x = (r.x + quiet) * scale; x < (r.x + r.w + quiet) * scale; x++) {
        const i = (y * width + x) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
  return { data, width, height };
}

const n = (v: number) => (Math.round(v * 100) / 100).toString();

/** A code's rectangles scaled into a box whose top-left corner is (left, top), in PDF points; one fill. */
function codeOps(g: CodeGeometry, left: number, top: number, boxW: number, boxH: number): string {
  const sx = boxW / g.width;
  const sy = boxH / g.height;
  const parts = g.rects.map(
    (r) => `${n(left + r.x * sx)} ${n(top - (r.y + r.h) * sy)} ${n(r.w * sx)} ${n(r.h * sy)} re`,
  );
  return `${parts.join('\n')}\nf\n`;
}

const TEXT = {
  'en-US': {
    customer: 'Customer',
    material: 'Material',
    qty: 'Qty',
    batch: 'Batch',
    note: 'Note',
    pkg: 'Package',
    of: 'of',
    large: 'Carton',
  },
  'zh-CN': {
    customer: '客户',
    material: '物料',
    qty: '数量',
    batch: '批次',
    note: '送货单',
    pkg: '包装',
    of: '/',
    large: '外箱',
  },
  'zh-TW': {
    customer: '客戶',
    material: '物料',
    qty: '數量',
    batch: '批次',
    note: '送貨單',
    pkg: '包裝',
    of: '/',
    large: '外箱',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** pdf-lib embeds the CJK font through fontkit (pdfme's own dependency, which ships no types). */
const fontkit = createRequire(import.meta.url)('fontkit') as object;

let fontData: Promise<Uint8Array> | null = null;

/** Read once per process (8 MB); each PDF embeds only the glyphs it uses. */
function loadFont(): Promise<Uint8Array> {
  if (!fontData) {
    const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    fontData = readFile(path.join(path.dirname(entry), '..', 'fonts', 'NotoSansHans-Regular.otf')).then(
      (b) => new Uint8Array(b),
    );
  }
  return fontData;
}

/**
 * Text through the embedded font, glyph by glyph: each character is laid out by fontkit once per PDF
 * (a full layout per string cost a second over 1,000 labels). Label text needs no ligatures or
 * kerning, so a string is the concatenation of its characters.
 */
function glyphCache(font: PDFFont) {
  const hex = new Map<string, string>();
  const widths = new Map<string, number>();
  const hexOf = (c: string) => {
    let h = hex.get(c);
    if (h === undefined) {
      h = font.encodeText(c).toString().slice(1, -1);
      hex.set(c, h);
    }
    return h;
  };
  const widthOf = (c: string) => {
    let w = widths.get(c);
    if (w === undefined) {
      w = font.widthOfTextAtSize(c, 1000);
      widths.set(c, w);
    }
    return w;
  };
  return {
    encode: (text: string) => `<${Array.from(text, hexOf).join('')}>`,
    width: (text: string, size: number) => (Array.from(text, widthOf).reduce((a, b) => a + b, 0) * size) / 1000,
  };
}
type Glyphs = ReturnType<typeof glyphCache>;

/** Shortens text to fit `width` points, with an ellipsis. */
function fit(glyphs: Glyphs, text: string, size: number, width: number): string {
  if (glyphs.width(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && glyphs.width(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

const FONT_KEY = 'F1';

/**
 * One label's page content as raw PDF operators: written as a string and deflated natively, because
 * pdf-lib's per-operator objects and its JS deflate cost seconds over 1,000 pages.
 */
function labelContent(glyphs: Glyphs, l: Label, words: (typeof TEXT)[Locale]): string {
  const pad = 4 * MM;
  const qrSize = 30 * MM;
  const textWidth = LABEL_WIDTH - pad * 3 - qrSize;
  const text = (value: string, x: number, y: number, size: number) =>
    `BT /${FONT_KEY} ${size} Tf ${n(x)} ${n(y)} Td ${glyphs.encode(value)} Tj ET\n`;
  let out = '0 g\n';
  let y = LABEL_HEIGHT - pad - 10;
  const line = (value: string, size: number) => {
    out += text(fit(glyphs, value, size, textWidth), pad, y, size);
    y -= size + 4;
  };
  line(l.customerName, 11);
  line(`${words.material}: ${l.prdtNo}`, 9);
  line(l.prdtName, 9);
  line(`${words.qty}: ${l.qty} ${l.unitName}`, 10);
  line(`${words.batch}: ${l.batchNo || '-'}`, 9);
  line(`${words.note}: ${l.noteNo} #${l.lineNo}`, 9);
  const kind = l.kind === DELIVERY_PACKAGE_KIND.LARGE ? ` (${words.large})` : '';
  line(`${words.pkg}: ${l.index} ${words.of} ${l.total}${kind}`, 9);
  out += codeOps(qrGeometry(labelPayload(l)), LABEL_WIDTH - pad - qrSize, LABEL_HEIGHT - pad, qrSize, qrSize);
  const bar = barcodeGeometry(l.packageNo);
  const barHeight = 13 * MM;
  // At least 0.25 mm per module, so a handheld scanner reads it; narrower codes are centred.
  const barWidth = Math.min(LABEL_WIDTH - pad * 2, Math.max(bar.width * 0.25 * MM, 60 * MM));
  out += codeOps(bar, (LABEL_WIDTH - barWidth) / 2, pad + 11 + barHeight, barWidth, barHeight);
  const w = glyphs.width(l.packageNo, 9);
  return out + text(l.packageNo, (LABEL_WIDTH - w) / 2, pad, 9);
}

/** One PDF, one page per label, in the given order. */
export async function renderLabelsPdf(labels: Label[], locale: Locale): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit as never);
  doc.setTitle(labels[0] ? `Labels ${labels[0].noteNo}` : 'Labels');
  const font = await doc.embedFont(await loadFont(), { subset: true });
  const words = TEXT[locale];
  const glyphs = glyphCache(font);
  for (const l of labels) {
    const page = doc.addPage([LABEL_WIDTH, LABEL_HEIGHT]);
    page.node.setFontDictionary(PDFName.of(FONT_KEY), font.ref);
    const body = deflateSync(Buffer.from(labelContent(glyphs, l, words), 'latin1'));
    const stream = doc.context.stream(body, { Filter: 'FlateDecode' });
    page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  }
  return doc.save({ useObjectStreams: false });
}
