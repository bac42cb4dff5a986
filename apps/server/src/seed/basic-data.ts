import type { DictType, EvaluationItemInput } from '@concord/shared';
import type { Tx } from '../db/client.ts';
import {
  decimalPlaces,
  dictionaryItems,
  evaluationItems,
  exchangeRates,
  interestRates,
  materialAttributes,
  materialClasses,
  materialFeatures,
  warehouses,
} from '../db/schema.ts';
import { newId } from '../platform/ids.ts';
import type { SeedEnterprise } from './organization.ts';

type ClassSeed = [code: string, name: string, erpClassCode: string, children?: ClassSeed[]];

const BUYER_CLASSES: ClassSeed[] = [
  [
    '01',
    '电子元器件 Electronic components',
    'E',
    [
      ['0101', '电阻 Resistors', 'E01'],
      ['0102', '电容 Capacitors', 'E02'],
      ['0103', '集成电路 Integrated circuits', 'E03'],
      ['0104', '连接器 Connectors', 'E04'],
    ],
  ],
  [
    '02',
    '结构件 Structural parts',
    'S',
    [
      ['0201', '机加工件 Machined parts', 'S01'],
      ['0202', '钣金件 Sheet-metal parts', 'S02'],
      ['0203', '注塑件 Injection-moulded parts', 'S03'],
    ],
  ],
  [
    '03',
    '包材 Packaging',
    'P',
    [
      ['0301', '纸箱 Cartons', 'P01'],
      ['0302', '防静电袋 ESD bags', 'P02'],
    ],
  ],
];

const SUPPLIER_CLASSES: Record<string, ClassSeed[]> = {
  precision: [
    [
      '10',
      '铝型材 Aluminium profiles',
      'AL',
      [
        ['1001', '6063 型材 6063 profiles', 'AL01'],
        ['1002', '散热器型材 Heat-sink profiles', 'AL02'],
      ],
    ],
    ['20', '刀具 Cutting tools', 'TL'],
  ],
  plastics: [
    [
      '10',
      '塑料粒子 Resin pellets',
      'RS',
      [
        ['1001', 'ABS', 'RS01'],
        ['1002', 'PC', 'RS02'],
      ],
    ],
    ['20', '色母 Masterbatch', 'MB'],
  ],
};

type DictSeed = [type: DictType, code: string, name: string, value?: number];

const COMMON_DICTIONARIES: DictSeed[] = [
  ['unit', 'PCS', '个 Pieces'],
  ['unit', 'KG', '千克 Kilograms'],
  ['unit', 'M', '米 Metres'],
  ['unit', 'SET', '套 Sets'],
  ['currency', 'CNY', '人民币 Renminbi'],
  ['currency', 'USD', '美元 US dollar'],
  ['currency', 'HKD', '港币 Hong Kong dollar'],
  ['taxRate', 'VAT13', '增值税 13% VAT 13%', 13],
  ['taxRate', 'VAT9', '增值税 9% VAT 9%', 9],
  ['taxRate', 'VAT6', '增值税 6% VAT 6%', 6],
  ['taxRate', 'VAT0', '零税率 Zero-rated', 0],
  ['paymentMethod', 'TT', '银行转账 Bank transfer'],
  ['paymentMethod', 'BILL', '银行承兑汇票 Bank acceptance bill'],
  ['paymentCondition', 'NET30', '月结 30 天 30 days after statement'],
  ['paymentCondition', 'NET60', '月结 60 天 60 days after statement'],
  ['deliveryType', 'DELIVER', '送货上门 Delivered to our warehouse'],
  ['deliveryType', 'PICKUP', '自提 Picked up by us'],
  ['deliveryType', 'EXPRESS', '快递 Express courier'],
];

type WarehouseSeed = [code: string, name: string, segmentCode: string, segmentName: string, featureValue: string];

const WAREHOUSES: Record<string, WarehouseSeed[]> = {
  huaxin: [
    ['WH01', '原材料仓 Raw materials', 'DG1', '东莞一厂 Dongguan plant 1', '常温 Ambient'],
    ['WH02', '电子料仓 Electronic components (ESD)', 'DG1', '东莞一厂 Dongguan plant 1', '恒温恒湿 Climate-controlled'],
    ['WH03', '不良品仓 Rejected goods', 'DG2', '东莞二厂 Dongguan plant 2', '常温 Ambient'],
  ],
  precision: [
    ['A01', '型材仓 Profiles store', 'SZ', '深圳宝安 Shenzhen Bao’an', '常温 Ambient'],
    ['F01', '成品仓 Finished goods', 'SZ', '深圳宝安 Shenzhen Bao’an', '常温 Ambient'],
  ],
  plastics: [
    ['R01', '原料仓 Resin store', 'SZH', '苏州吴中 Suzhou Wuzhong', '干燥 Dry'],
    ['F01', '成品仓 Finished goods', 'SZH', '苏州吴中 Suzhou Wuzhong', '常温 Ambient'],
  ],
};

const EVALUATION_ITEMS: EvaluationItemInput[] = [
  {
    code: 'Q01',
    name: '质量 Quality',
    reviewCriteria: '按月度来料合格率与客诉次数评分 Incoming yield and complaints of the period',
    maxScore: 40,
    options: [
      { score: 40, description: '合格率 ≥ 99.5%，无客诉 Yield ≥ 99.5 %, no complaint' },
      { score: 30, description: '合格率 ≥ 98%，无重大客诉 Yield ≥ 98 %, no major complaint' },
      { score: 15, description: '合格率 ≥ 95% 或一次重大客诉 Yield ≥ 95 % or one major complaint' },
      { score: 0, description: '合格率 < 95% Yield below 95 %' },
    ],
  },
  {
    code: 'D01',
    name: '交期 Delivery',
    reviewCriteria: '按准时交货率评分 On-time delivery rate of the period',
    maxScore: 30,
    options: [
      { score: 30, description: '准时率 ≥ 98% On time ≥ 98 %' },
      { score: 20, description: '准时率 ≥ 90% On time ≥ 90 %' },
      { score: 0, description: '准时率 < 90% On time below 90 %' },
    ],
  },
  {
    code: 'P01',
    name: '价格 Price',
    reviewCriteria: '与市场价及年度降价目标比较 Against market prices and the yearly reduction target',
    maxScore: 20,
    options: [
      { score: 20, description: '达成年度降价目标 Reduction target met' },
      { score: 10, description: '价格持平 Prices unchanged' },
      { score: 0, description: '价格上涨 Prices raised' },
    ],
  },
  {
    code: 'S01',
    name: '服务 Service',
    reviewCriteria: '响应速度与问题处理 Responsiveness and problem handling',
    maxScore: 10,
    options: [
      { score: 10, description: '24 小时内响应并闭环 Answered and closed within 24 h' },
      { score: 5, description: '72 小时内响应 Answered within 72 h' },
      { score: 0, description: '未响应 No answer' },
    ],
  },
];

async function insertClasses(tx: Tx, tenantId: string, seeds: ClassSeed[], parentId: string | null) {
  for (const [i, [code, name, erpClassCode, children]] of seeds.entries()) {
    const id = newId();
    await tx.insert(materialClasses).values({ tenantId, id, parentId, code, name, erpClassCode, sortOrder: i + 1 });
    if (children) await insertClasses(tx, tenantId, children, id);
  }
}

/**
 * Basic data of every demo enterprise: classes, dictionaries and warehouses for all; Huaxin, the
 * buyer, also gets attributes, features, interest and exchange rates, decimal places and the
 * evaluation items its supplier evaluations will use.
 */
export async function seedBasicData(tx: Tx, e: SeedEnterprise): Promise<void> {
  const { tenantId } = e;
  const row = <T extends object>(fields: T) => ({ tenantId, id: newId(), ...fields });
  await insertClasses(tx, tenantId, e.key === 'huaxin' ? BUYER_CLASSES : (SUPPLIER_CLASSES[e.key] ?? []), null);
  await tx
    .insert(dictionaryItems)
    .values(
      COMMON_DICTIONARIES.map(([dictType, code, name, value], i) =>
        row({ dictType, code, name, value: value === undefined ? null : String(value), sortOrder: i + 1 }),
      ),
    );
  await tx
    .insert(warehouses)
    .values(
      (WAREHOUSES[e.key] ?? []).map(([code, name, segmentCode, segmentName, featureValue]) =>
        row({ code, name, segmentCode, segmentName, featureName: '温区 Storage climate', featureValue }),
      ),
    );
  if (e.key !== 'huaxin') return;

  await tx.insert(materialAttributes).values([
    row({ code: 'COLOR', name: '颜色 Colour', valueType: 'option', options: ['黑 Black', '白 White', '灰 Grey'] }),
    row({ code: 'VOLT', name: '额定电压 (V) Rated voltage (V)', valueType: 'number' }),
    row({
      code: 'ROHS',
      name: 'RoHS 符合性 RoHS compliance',
      valueType: 'option',
      options: ['符合 Yes', '不符合 No'],
    }),
    row({ code: 'PKG', name: '封装 Package', valueType: 'text' }),
  ]);
  await tx.insert(materialFeatures).values([
    row({
      name: '温区 Storage climate',
      featureValues: ['常温 Ambient', '恒温恒湿 Climate-controlled', '冷藏 Refrigerated'],
    }),
    row({ name: '库位类型 Location type', featureValues: ['货架 Rack', '地堆 Floor'] }),
  ]);
  const registrant = { registrantId: e.adminId, registrantName: 'buyer' };
  await tx
    .insert(interestRates)
    .values([
      row({ startDate: '2025-07-01', endDate: '2025-12-31', monthlyRate: '0.380000', valid: false, ...registrant }),
      row({ startDate: '2026-01-01', endDate: '2026-06-30', monthlyRate: '0.350000', ...registrant }),
      row({ startDate: '2026-07-01', endDate: '2026-12-31', monthlyRate: '0.325000', ...registrant }),
    ]);
  const toCny = { baseCurrency: 'CNY', decimalPlaces: 4, updaterId: e.adminId, updaterName: 'buyer' };
  await tx
    .insert(exchangeRates)
    .values([
      row({ currencyCode: 'USD', currencyName: '美元 US dollar', rate: '7.12340000', ...toCny }),
      row({ currencyCode: 'HKD', currencyName: '港币 Hong Kong dollar', rate: '0.91320000', ...toCny }),
      row({ currencyCode: 'EUR', currencyName: '欧元 Euro', rate: '7.74500000', ...toCny }),
    ]);
  await tx.insert(decimalPlaces).values({ tenantId, quantityPlaces: 2, pricePlaces: 4, amountPlaces: 2 });
  await tx.insert(evaluationItems).values(
    EVALUATION_ITEMS.map((item) =>
      row({
        code: item.code,
        name: item.name,
        reviewCriteria: item.reviewCriteria,
        maxScore: String(item.maxScore),
        options: item.options,
      }),
    ),
  );
}
