import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OPERATION_TYPE, text } from '@concord/shared';
import { and, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  customers,
  dictionaryItems,
  materialClasses,
  materialCustomers,
  materialDrawings,
  materialSuppliers,
  materials,
  suppliers,
  warehouses,
} from '../db/schema.ts';
import { writeSearchTerms } from '../modules/materials/materials.search.ts';
import { MATERIALS_MODULE } from '../modules/materials/materials.service.ts';
import { recordOperation } from '../modules/operation-logs/operation-logs.service.ts';
import { inTenantTx } from '../platform/context.ts';
import { newId } from '../platform/ids.ts';
import { samplePdf } from './qualifications.ts';
import type { DemoWorld } from './world.ts';

/** Stored-file keys of the sample drawings (32 hex digits, like the upload route's). */
const DRAWING_FILES = {
  caseV1: '5eedc0de000000000000000000000101.pdf',
  caseV2: '5eedc0de000000000000000000000102.pdf',
  bracketV1: '5eedc0de000000000000000000000103.pdf',
  bracketV2: '5eedc0de000000000000000000000104.pdf',
} as const;

const fileRef = (name: string, key: string) => ({ name, url: `/gateway/system/oss/file/${key}` });

/** Writes the sample drawing PDFs into the file store, so the seeded drawings open like uploaded ones. */
export function writeDemoDrawings(dataDir: string): void {
  const dir = path.join(dataDir, 'files');
  mkdirSync(dir, { recursive: true });
  const titles: Record<keyof typeof DRAWING_FILES, string> = {
    caseV1: 'DWG-AL-120 aluminium housing rev 1 (sample)',
    caseV2: 'DWG-AL-120 aluminium housing rev 2 (sample)',
    bracketV1: 'DWG-SM-01 sheet-metal bracket rev 1 (sample)',
    bracketV2: 'DWG-SM-01 sheet-metal bracket rev 2 (sample)',
  };
  for (const [k, key] of Object.entries(DRAWING_FILES)) {
    writeFileSync(path.join(dir, key), samplePdf(titles[k as keyof typeof DRAWING_FILES]), { flag: 'w' });
  }
}

type MaterialSeed = [
  prdtNo: string,
  prdtName: string,
  prdtSpc: string,
  englishName: string,
  classCode: string,
  unit: string,
  leadDays: number,
  isCheck: boolean,
  warehouse: string,
  minOrderQty: number,
  minPackQty: number,
];

const MATERIALS: MaterialSeed[] = [
  ['R-0603-10K', '贴片电阻', '10kΩ ±1% 0603 1/10W', 'SMD resistor', '0101', 'PCS', 7, false, 'WH02', 5000, 5000],
  ['R-0603-1K', '贴片电阻', '1kΩ ±1% 0603 1/10W', 'SMD resistor', '0101', 'PCS', 7, false, 'WH02', 5000, 5000],
  ['R-0805-100R', '贴片电阻', '100Ω ±1% 0805 1/8W', 'SMD resistor', '0101', 'PCS', 7, false, 'WH02', 5000, 5000],
  ['R-1206-0R', '跳线电阻', '0Ω 1206', 'Jumper resistor', '0101', 'PCS', 7, false, 'WH02', 5000, 5000],
  ['R-AXL-4K7', '色环电阻', '4.7kΩ ±5% 1/4W', 'Axial resistor', '0101', 'PCS', 10, false, 'WH02', 1000, 1000],
  ['C-0603-100N', '贴片电容', '100nF 50V X7R 0603', 'MLCC capacitor', '0102', 'PCS', 7, false, 'WH02', 4000, 4000],
  ['C-0805-10U', '贴片电容', '10µF 25V X5R 0805', 'MLCC capacitor', '0102', 'PCS', 7, false, 'WH02', 4000, 4000],
  ['C-ELE-470U', '电解电容', '470µF 35V 10×16mm', 'Electrolytic capacitor', '0102', 'PCS', 14, true, 'WH02', 500, 500],
  ['C-TAN-22U', '钽电容', '22µF 16V B case', 'Tantalum capacitor', '0102', 'PCS', 21, true, 'WH02', 2000, 2000],
  ['IC-STM32F103', '单片机', 'STM32F103C8T6 LQFP48', 'Microcontroller', '0103', 'PCS', 30, true, 'WH02', 250, 250],
  ['IC-LM358', '运算放大器', 'LM358DR SOP8', 'Operational amplifier', '0103', 'PCS', 14, false, 'WH02', 2500, 2500],
  ['IC-AMS1117', '稳压芯片', 'AMS1117-3.3 SOT223', 'LDO regulator', '0103', 'PCS', 14, false, 'WH02', 2500, 2500],
  ['CN-USB-C16', 'USB-C 连接器', '16P 母座 沉板', 'USB-C receptacle', '0104', 'PCS', 21, true, 'WH02', 1000, 500],
  ['CN-HDR-2X20', '排针', '2×20P 2.54mm 直插', 'Pin header', '0104', 'PCS', 10, false, 'WH02', 500, 100],
  [
    'CN-JST-XH4',
    '端子连接器',
    'JST XH 4P 2.5mm',
    'Wire-to-board connector',
    '0104',
    'PCS',
    10,
    false,
    'WH02',
    1000,
    500,
  ],
  ['PCB-MB-V3', '主控板PCB', 'FR-4 4层 1.6mm 沉金', 'Main board PCB', '01', 'PCS', 15, true, 'WH02', 100, 50],
  ['PCB-PWR-V2', '电源板PCB', 'FR-4 2层 1.6mm 喷锡', 'Power board PCB', '01', 'PCS', 12, true, 'WH02', 100, 50],
  [
    'AL-CASE-120',
    '铝外壳',
    '120×80×30mm 6063-T5 阳极氧化黑',
    'Aluminium housing',
    '0201',
    'PCS',
    25,
    true,
    'WH01',
    200,
    20,
  ],
  ['AL-HS-50', '铝散热器', '50×50×20mm 6063-T5', 'Aluminium heat sink', '0201', 'PCS', 20, true, 'WH01', 200, 50],
  ['SCR-M3-8', '十字螺丝', 'M3×8 304 不锈钢', 'Phillips screw', '0201', 'PCS', 7, false, 'WH01', 10000, 1000],
  ['SM-BRKT-01', '钣金支架', 'SPCC 1.5mm 镀锌', 'Sheet-metal bracket', '0202', 'PCS', 18, true, 'WH01', 300, 50],
  ['SM-PANEL-02', '钣金面板', 'SGCC 1.0mm 喷粉 RAL7035', 'Sheet-metal panel', '0202', 'PCS', 18, true, 'WH01', 200, 20],
  ['PL-COVER-01', '塑胶上盖', 'ABS 黑色 哑光', 'Plastic top cover', '0203', 'PCS', 20, true, 'WH01', 500, 100],
  ['PL-BASE-01', '塑胶底座', 'PC+ABS 灰色', 'Plastic base', '0203', 'PCS', 20, true, 'WH01', 500, 100],
  ['PL-KEY-04', '硅胶按键', '4 键 邵氏 50A', 'Silicone keypad', '0203', 'PCS', 15, false, 'WH01', 1000, 200],
  ['PK-BOX-L', '包装箱', '五层瓦楞 600×400×300mm', 'Shipping carton, large', '0301', 'PCS', 5, false, 'WH01', 200, 50],
  ['PK-BOX-S', '包装箱', '三层瓦楞 300×200×150mm', 'Shipping carton, small', '0301', 'PCS', 5, false, 'WH01', 500, 100],
  ['PK-FOAM-01', '珍珠棉内衬', 'EPE 定制 30mm', 'EPE foam insert', '0301', 'PCS', 7, false, 'WH01', 500, 100],
  ['PK-ESD-1015', '防静电袋', '100×150mm 自封', 'ESD shielding bag', '0302', 'PCS', 5, false, 'WH02', 1000, 100],
  ['LB-PROD-6040', '产品标签', '铜版纸 60×40mm 不干胶', 'Product label', '0301', 'PCS', 5, false, 'WH01', 2000, 1000],
  ['CB-USB-1M', '数据线', 'USB-C 转 USB-A 1m 黑色', 'USB cable', '01', 'PCS', 14, true, 'WH01', 500, 100],
];

/** Approved suppliers: [material, supplier code, supplier part no., quota %]. */
const APPROVED: [string, string, string, number][] = [
  ['AL-CASE-120', 'S00001', 'SZP-AH-120-BK', 70],
  ['AL-CASE-120', 'S00004', 'JL-120803-A', 30],
  ['AL-HS-50', 'S00001', 'SZP-HS-5050', 100],
  ['SCR-M3-8', 'S00001', 'SZP-M3X8-SS', 100],
  ['SM-BRKT-01', 'S00001', 'SZP-BR-01', 60],
  ['SM-BRKT-01', 'S00004', 'JL-BR-001', 40],
  ['PL-COVER-01', 'S00002', 'SZS-TC-01-BK', 100],
  ['PL-BASE-01', 'S00002', 'SZS-BS-01-GY', 100],
  ['PL-KEY-04', 'S00002', 'SZS-KP4-50A', 80],
];

/** The Huaxin materials Shenzhen Precision Parts maps to its own catalogue, with packing data. */
const CUSTOMER_RELATIONS = [
  {
    custPrdtCode: 'AL-CASE-120',
    custPrdtName: '铝外壳 Aluminium housing',
    custPrdtSpc: '120×80×30mm 6063-T5 阳极氧化黑',
    prdtNo: 'SZP-AH-120-BK',
    prdtName: '阳极氧化铝壳 120 黑 Anodised housing 120 black',
    lengthCm: 12,
    widthCm: 8,
    heightCm: 3,
    materialQty: '10',
    smallQty: '4',
    outerQty: '40',
    minQty: '20',
    overdeliveryRate: '5',
  },
  {
    custPrdtCode: 'AL-HS-50',
    custPrdtName: '铝散热器 Aluminium heat sink',
    custPrdtSpc: '50×50×20mm 6063-T5',
    prdtNo: 'SZP-HS-5050',
    prdtName: '散热器 5050 Heat sink 5050',
    lengthCm: 5,
    widthCm: 5,
    heightCm: 2,
    materialQty: '50',
    smallQty: '6',
    outerQty: '300',
    minQty: '50',
    overdeliveryRate: '3',
  },
  {
    custPrdtCode: 'SM-BRKT-01',
    custPrdtName: '钣金支架 Sheet-metal bracket',
    custPrdtSpc: 'SPCC 1.5mm 镀锌',
    prdtNo: 'SZP-BR-01',
    prdtName: '镀锌支架 Galvanised bracket',
    lengthCm: 10,
    widthCm: 4,
    heightCm: 2.5,
    materialQty: '25',
    smallQty: '8',
    outerQty: '200',
    minQty: '50',
    overdeliveryRate: '5',
  },
];

async function codeMap<T extends { code: string; id: string }>(rows: Promise<T[]>): Promise<Map<string, string>> {
  return new Map((await rows).map((r) => [r.code, r.id]));
}

async function seedHuaxinMaterials(tx: Tx, world: DemoWorld): Promise<void> {
  const tenantId = world.tenants.huaxin;
  const [classes, whs, units, supplierRows] = await Promise.all([
    codeMap(
      tx
        .select({ code: materialClasses.code, id: materialClasses.id, erp: materialClasses.erpClassCode })
        .from(materialClasses)
        .where(eq(materialClasses.tenantId, tenantId)),
    ),
    codeMap(
      tx.select({ code: warehouses.code, id: warehouses.id }).from(warehouses).where(eq(warehouses.tenantId, tenantId)),
    ),
    tx
      .select({ code: dictionaryItems.code, name: dictionaryItems.name })
      .from(dictionaryItems)
      .where(and(eq(dictionaryItems.tenantId, tenantId), eq(dictionaryItems.dictType, 'unit'))),
    tx.select({ code: suppliers.supCode, id: suppliers.id }).from(suppliers).where(eq(suppliers.tenantId, tenantId)),
  ]);
  const unitName = new Map(units.map((u) => [u.code, u.name]));
  const ids = new Map<string, string>();
  await tx.insert(materials).values(
    MATERIALS.map(
      ([prdtNo, prdtName, prdtSpc, englishName, classCode, unit, leadDays, isCheck, wh, minOrderQty, minPackQty]) => {
        const id = newId();
        ids.set(prdtNo, id);
        return {
          tenantId,
          id,
          prdtNo,
          prdtName,
          prdtSpc,
          englishName,
          classId: classes.get(classCode) ?? null,
          poUnitNo: unit,
          poUnitName: unitName.get(unit) ?? unit,
          valuationUnitNo: unit,
          valuationUnitName: unitName.get(unit) ?? unit,
          poLeadDateNum: leadDays,
          isCheck,
          warehouseId: whs.get(wh) ?? null,
          taxRateCode: 'VAT13',
          taxRate: '13',
          minOrderQty: String(minOrderQty),
          minPackQty: String(minPackQty),
          orderOverRate: isCheck ? '3' : '5',
        };
      },
    ),
  );
  await writeSearchTerms(
    tx,
    tenantId,
    MATERIALS.map(([prdtNo, prdtName, prdtSpc, englishName]) => ({
      id: ids.get(prdtNo)!,
      prdtNo,
      prdtName,
      prdtSpc,
      englishName,
    })),
    false,
  );

  const actor = { tenantId, userId: world.users.buyer, username: 'buyer', ip: '127.0.0.1' };
  const drawings = [
    ['AL-CASE-120', 'DWG-AL-120', '铝外壳总图 Housing assembly', DRAWING_FILES.caseV1, DRAWING_FILES.caseV2],
    ['SM-BRKT-01', 'DWG-SM-01', '支架展开图 Bracket flat pattern', DRAWING_FILES.bracketV1, DRAWING_FILES.bracketV2],
  ] as const;
  for (const [prdtNo, drawingNo, drawingName, v1, v2] of drawings) {
    const materialId = ids.get(prdtNo)!;
    await tx.insert(materialDrawings).values([
      {
        tenantId,
        id: newId(),
        materialId,
        drawingNo,
        drawingName,
        drawingVersion: 1,
        attachments: [fileRef(`${drawingNo}-rev1.pdf`, v1)],
        isItValid: false,
        publishTime: '2026-03-02T09:30:00+08:00',
        publishUserId: world.users.buyer,
        publishUser: 'buyer',
      },
      {
        tenantId,
        id: newId(),
        materialId,
        drawingNo,
        drawingName,
        drawingVersion: 2,
        attachments: [fileRef(`${drawingNo}-rev2.pdf`, v2)],
        remarks: '公差收紧至 ±0.05 Tolerance tightened to ±0.05',
        isItValid: true,
        publishTime: '2026-09-15T14:10:00+08:00',
        publishUserId: world.users.buyer,
        publishUser: 'buyer',
      },
    ]);
    await recordOperation(tx, actor, {
      type: OPERATION_TYPE.ADD,
      module: MATERIALS_MODULE,
      targetId: materialId,
      summary: text('materials.drawingPublished', { prdtNo, drawingNo, drawingVersion: 2 }),
    });
  }

  const supplierIds = new Map(supplierRows.map((s) => [s.code, s.id]));
  await tx.insert(materialSuppliers).values(
    APPROVED.filter(([, sup]) => supplierIds.has(sup)).map(([prdtNo, sup, supPrdtNo, quota]) => {
      const m = MATERIALS.find((x) => x[0] === prdtNo)!;
      return {
        tenantId,
        id: newId(),
        materialId: ids.get(prdtNo)!,
        supplierId: supplierIds.get(sup)!,
        supPrdtNo,
        supPrdtName: m[3],
        supPrdtSpc: m[2],
        poLeadDateNum: m[6],
        poQuotaRate: String(quota),
        assWh: whs.get(m[8]) ?? null,
        safeStoreQty: String(m[9]),
        topStoreQty: String(m[9] * 4),
        deliveryType: 'DELIVER',
        scheduleOverRate: '5',
      };
    }),
  );
}

async function seedPrecisionRelations(tx: Tx, world: DemoWorld): Promise<void> {
  const tenantId = world.tenants.precision;
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.customerTenantId, world.tenants.huaxin)))
    .limit(1);
  if (!customer) return;
  await tx.insert(materialCustomers).values(
    CUSTOMER_RELATIONS.map((r) => ({
      tenantId,
      id: newId(),
      customerId: customer.id,
      taxCode: 'VAT13',
      taxName: '增值税 13% VAT 13%',
      ...r,
    })),
  );
}

/**
 * About thirty Huaxin materials a buyer of electronics assemblies keeps (resistors, capacitors, PCBs,
 * aluminium housings, cartons…), two drawings with two versions each, approved suppliers with quotas,
 * and Shenzhen Precision Parts' mapping of its own parts to Huaxin's. Seeds once.
 */
export async function seedMaterials(db: Db, world: DemoWorld): Promise<void> {
  const [{ n }] = await inTenantTx(db, world.tenants.huaxin, (tx) =>
    tx.select({ n: count() }).from(materials).where(eq(materials.tenantId, world.tenants.huaxin)),
  );
  if (n > 0) return;
  await inTenantTx(db, world.tenants.huaxin, (tx) => seedHuaxinMaterials(tx, world));
  await inTenantTx(db, world.tenants.precision, (tx) => seedPrecisionRelations(tx, world));
}
