import { z } from 'zod';
import { DECIMAL_KINDS, MAX_DECIMAL_PLACES, MIN_DECIMAL_PLACES } from './basic-data.decimals.ts';
import { listQuerySchema } from './paging.ts';
import {
  dateSchema,
  decimalInputSchema,
  idSchema,
  requiredTextSchema,
  settingsVersionSchema,
  textSchema,
  versionSchema,
} from './primitives.ts';
import { dayReplySchema, decimalReplySchema, idReplySchema, timestampSchema } from './wire.ts';

/**
 * Request and reply shapes of the enterprise's basic data (spec §2 /basicdatasetting, §3, §5):
 * material classes, dictionaries, attributes, features, warehouses, interest and exchange rates,
 * decimal places and evaluation items. Codes are unique per enterprise (QUALITY T-10).
 */

const text = textSchema;
const requiredText = requiredTextSchema;
const codeSchema = requiredText(32);
const remarks = text(500).default('');
const sortOrder = z.number({ message: 'required' }).int('invalid').min(0, 'invalid').max(99999, 'invalid').default(0);
const version = versionSchema;
const keywordFilter = z.object({
  /** Matches the code or the name. */
  keyword: text(64).optional(),
});
const distinctTexts = (max: number) =>
  z
    .array(requiredText(max))
    .max(100, 'tooLong')
    .refine((values) => new Set(values).size === values.length, 'invalid');

/** Who may read the pickers of other modules' forms: buyers, suppliers and basic-data maintainers. */
export const BASIC_DATA_READERS = ['PO_SYN', 'SL_SYN', 'CF_BAS'] as const;

// ---------------------------------------------------------------------------------------------
// Material classes: a tree

export const materialClassFieldsSchema = z.object({
  parentId: idSchema.nullable().default(null),
  code: codeSchema,
  name: requiredText(64),
  erpClassCode: text(64).default(''),
  sortOrder,
  remarks,
});
export type MaterialClassInput = z.input<typeof materialClassFieldsSchema>;
export const materialClassUpdateSchema = materialClassFieldsSchema.extend({ version });
export type MaterialClassUpdateInput = z.input<typeof materialClassUpdateSchema>;
export const materialClassListSchema = listQuerySchema(keywordFilter.extend({ parentId: idSchema.optional() }));
export type MaterialClassListQuery = z.input<typeof materialClassListSchema>;

const materialClassFields = z.object({
  id: idReplySchema,
  parentId: idReplySchema.nullable(),
  code: z.string(),
  name: z.string(),
  erpClassCode: z.string(),
  sortOrder: z.number().int(),
  remarks: z.string(),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const materialClassSchema = materialClassFields.extend({
  parentName: z.string().nullable(),
  /** Direct subclasses: a class with any cannot be deleted. */
  childCount: z.number().int(),
});
export type MaterialClass = z.input<typeof materialClassSchema>;

export interface MaterialClassNode extends z.input<typeof materialClassFields> {
  children: MaterialClassNode[];
}
export const materialClassNodeSchema: z.ZodType<
  z.output<typeof materialClassFields> & { children: unknown[] },
  MaterialClassNode
> = materialClassFields.extend({
  get children() {
    return z.array(materialClassNodeSchema);
  },
});

// ---------------------------------------------------------------------------------------------
// Dictionaries

export const DICT_TYPES = [
  'unit',
  'currency',
  'taxRate',
  'paymentMethod',
  'paymentCondition',
  'deliveryType',
  'invoiceType',
  'transportMode',
  'packagingType',
] as const;
export type DictType = (typeof DICT_TYPES)[number];
/** Types whose items carry a number in `value`: the tax rate in percent. */
export const DICT_TYPES_WITH_VALUE: readonly DictType[] = ['taxRate'];

const dictionaryFields = z.object({
  dictType: z.enum(DICT_TYPES, { message: 'required' }),
  code: codeSchema,
  name: requiredText(64),
  value: decimalInputSchema({ max: '100' }).nullable().default(null),
  sortOrder,
  enabled: z.boolean().default(true),
  remarks,
});
function refineDictionary(v: { dictType: DictType; value: string | null }, ctx: z.RefinementCtx) {
  if (DICT_TYPES_WITH_VALUE.includes(v.dictType) && v.value === null) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'required' });
  }
}
export const dictionaryFieldsSchema = dictionaryFields.superRefine(refineDictionary);
export type DictionaryInput = z.input<typeof dictionaryFieldsSchema>;
export const dictionaryUpdateSchema = dictionaryFields.extend({ version }).superRefine(refineDictionary);
export type DictionaryUpdateInput = z.input<typeof dictionaryUpdateSchema>;
export const dictionaryListSchema = listQuerySchema(
  keywordFilter.extend({ dictType: z.enum(DICT_TYPES).optional(), enabled: z.boolean().optional() }),
);
export type DictionaryListQuery = z.input<typeof dictionaryListSchema>;

export const dictionaryItemSchema = z.object({
  id: idReplySchema,
  dictType: z.enum(DICT_TYPES),
  code: z.string(),
  name: z.string(),
  /** The number of types that carry one (a tax rate in percent), as decimal text; else null. */
  value: decimalReplySchema.nullable(),
  sortOrder: z.number().int(),
  enabled: z.boolean(),
  remarks: z.string(),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type DictionaryItem = z.input<typeof dictionaryItemSchema>;

// ---------------------------------------------------------------------------------------------
// Material attributes and features

export const ATTRIBUTE_VALUE_TYPES = ['text', 'number', 'date', 'option'] as const;
export type AttributeValueType = (typeof ATTRIBUTE_VALUE_TYPES)[number];

const attributeFields = z.object({
  code: codeSchema,
  name: requiredText(64),
  valueType: z.enum(ATTRIBUTE_VALUE_TYPES, { message: 'required' }),
  /** Only for the option type; the server drops them for the others. */
  options: distinctTexts(64).default([]),
  remarks,
});
function refineAttribute(v: { valueType: AttributeValueType; options: string[] }, ctx: z.RefinementCtx) {
  if (v.valueType === 'option' && v.options.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'required' });
  }
}
export const attributeFieldsSchema = attributeFields.superRefine(refineAttribute);
export type AttributeInput = z.input<typeof attributeFieldsSchema>;
export const attributeUpdateSchema = attributeFields.extend({ version }).superRefine(refineAttribute);
export const attributeListSchema = listQuerySchema(
  keywordFilter.extend({ valueType: z.enum(ATTRIBUTE_VALUE_TYPES).optional() }),
);

export const materialAttributeSchema = z.object({
  id: idReplySchema,
  code: z.string(),
  name: z.string(),
  valueType: z.enum(ATTRIBUTE_VALUE_TYPES),
  options: z.array(z.string()),
  remarks: z.string(),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type MaterialAttribute = z.input<typeof materialAttributeSchema>;

export const featureFieldsSchema = z.object({
  name: requiredText(64),
  featureValues: distinctTexts(64).min(1, 'required'),
  remarks,
});
export type FeatureInput = z.input<typeof featureFieldsSchema>;
export const featureUpdateSchema = featureFieldsSchema.extend({ version });
export const featureListSchema = listQuerySchema(keywordFilter);

export const materialFeatureSchema = z.object({
  id: idReplySchema,
  name: z.string(),
  featureValues: z.array(z.string()),
  remarks: z.string(),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type MaterialFeature = z.input<typeof materialFeatureSchema>;

// ---------------------------------------------------------------------------------------------
// Warehouses (spec §5: number, name, segment code and name, feature name and value required)

export const warehouseFieldsSchema = z.object({
  code: codeSchema,
  name: requiredText(64),
  segmentCode: requiredText(32),
  segmentName: requiredText(64),
  featureName: requiredText(64),
  featureValue: requiredText(64),
  remarks,
});
export type WarehouseInput = z.input<typeof warehouseFieldsSchema>;
export const warehouseUpdateSchema = warehouseFieldsSchema.extend({ version });
export const warehouseListSchema = listQuerySchema(keywordFilter);
export type WarehouseListQuery = z.input<typeof warehouseListSchema>;
/** Columns of the warehouse template, export and import, in order. */
export const WAREHOUSE_COLUMNS = [
  'code',
  'name',
  'segmentCode',
  'segmentName',
  'featureName',
  'featureValue',
  'remarks',
] as const;

export const warehouseSchema = z.object({
  id: idReplySchema,
  code: z.string(),
  name: z.string(),
  segmentCode: z.string(),
  segmentName: z.string(),
  featureName: z.string(),
  featureValue: z.string(),
  remarks: z.string(),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Warehouse = z.input<typeof warehouseSchema>;

// ---------------------------------------------------------------------------------------------
// Interest rates: monthly rate in percent per period; valid periods never overlap

const interestRateFields = z.object({
  startDate: dateSchema,
  endDate: dateSchema,
  monthlyRate: decimalInputSchema({ max: '100' }),
  valid: z.boolean().default(true),
});
function refinePeriod(v: { startDate: string; endDate: string }, ctx: z.RefinementCtx) {
  if (v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'invalid' });
}
export const interestRateFieldsSchema = interestRateFields.superRefine(refinePeriod);
export type InterestRateInput = z.input<typeof interestRateFieldsSchema>;
export const interestRateUpdateSchema = interestRateFields.extend({ version }).superRefine(refinePeriod);
export const interestRateListSchema = listQuerySchema(
  z.object({ valid: z.boolean().optional(), onDate: dateSchema.optional() }),
);
export const INTEREST_RATE_COLUMNS = ['startDate', 'endDate', 'monthlyRate', 'valid'] as const;

export const interestRateSchema = z.object({
  id: idReplySchema,
  startDate: dayReplySchema,
  endDate: dayReplySchema,
  monthlyRate: decimalReplySchema,
  registrantName: z.string(),
  registeredAt: timestampSchema,
  valid: z.boolean(),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type InterestRate = z.input<typeof interestRateSchema>;

// ---------------------------------------------------------------------------------------------
// Exchange rates: 1 unit of the currency = `rate` units of the base currency

const currencyCode = z
  .string({ message: 'required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'invalid');

const exchangeRateFields = z.object({
  currencyCode,
  currencyName: requiredText(64),
  baseCurrency: currencyCode,
  rate: decimalInputSchema({ min: 'positive', max: '1000000000' }),
  decimalPlaces: z.number({ message: 'required' }).int('invalid').min(0, 'invalid').max(8, 'invalid'),
});
function refinePair(v: { currencyCode: string; baseCurrency: string }, ctx: z.RefinementCtx) {
  if (v.currencyCode === v.baseCurrency) ctx.addIssue({ code: 'custom', path: ['baseCurrency'], message: 'invalid' });
}
export const exchangeRateFieldsSchema = exchangeRateFields.superRefine(refinePair);
export type ExchangeRateInput = z.input<typeof exchangeRateFieldsSchema>;
export const exchangeRateUpdateSchema = exchangeRateFields.extend({ version }).superRefine(refinePair);
export const exchangeRateListSchema = listQuerySchema(keywordFilter);
export const EXCHANGE_RATE_COLUMNS = ['currencyCode', 'currencyName', 'baseCurrency', 'rate', 'decimalPlaces'] as const;

export const exchangeRateSchema = z.object({
  id: idReplySchema,
  currencyCode: z.string(),
  currencyName: z.string(),
  baseCurrency: z.string(),
  rate: decimalReplySchema,
  decimalPlaces: z.number().int(),
  updaterName: z.string(),
  updatedAt: timestampSchema,
  version: z.number().int(),
  createdAt: timestampSchema,
});
export type ExchangeRate = z.input<typeof exchangeRateSchema>;

// ---------------------------------------------------------------------------------------------
// Decimal places. On the wire a list of { kind, places }: a field named "price" or "amount" would be
// masked as money for viewers without the view-price flag, and these numbers are not money.

const placesSchema = z
  .number({ message: 'required' })
  .int('invalid')
  .min(MIN_DECIMAL_PLACES, 'invalid')
  .max(MAX_DECIMAL_PLACES, 'invalid');

export const decimalPlacesUpdateSchema = z.object({
  settings: z
    .array(z.object({ kind: z.enum(DECIMAL_KINDS), places: placesSchema }))
    .refine((list) => DECIMAL_KINDS.every((k) => list.filter((s) => s.kind === k).length === 1), 'invalid'),
  /** Absent (or 0) while the enterprise still uses the defaults. */
  version: settingsVersionSchema,
});
export type DecimalPlacesUpdateInput = z.input<typeof decimalPlacesUpdateSchema>;

export const decimalPlacesSettingSchema = z.object({
  settings: z.array(z.object({ kind: z.enum(DECIMAL_KINDS), places: z.number().int() })),
  /** 0 while the enterprise uses the defaults. */
  version: z.number().int(),
});
export type DecimalPlacesSetting = z.input<typeof decimalPlacesSettingSchema>;

// ---------------------------------------------------------------------------------------------
// Evaluation items (spec §2 evaluation-project): review criteria and single-choice scoring options

export const evaluationOptionSchema = z.object({
  score: z.number({ message: 'required' }).min(0, 'invalid').max(100, 'invalid'),
  description: requiredText(200),
});

const evaluationItemFields = z.object({
  code: codeSchema,
  name: requiredText(64),
  reviewCriteria: requiredText(1000),
  maxScore: z.number({ message: 'required' }).positive('invalid').max(100, 'invalid'),
  options: z.array(evaluationOptionSchema).min(1, 'required').max(20, 'tooLong'),
  enabled: z.boolean().default(true),
  remarks,
});
/** Every option scores at most the item's maximum, and no two options give the same score. */
function refineOptions(v: { maxScore: number; options: { score: number }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  v.options.forEach((o, i) => {
    if (o.score > v.maxScore || seen.has(o.score)) {
      ctx.addIssue({ code: 'custom', path: ['options', i, 'score'], message: 'invalid' });
    }
    seen.add(o.score);
  });
}
export const evaluationItemFieldsSchema = evaluationItemFields.superRefine(refineOptions);
export type EvaluationItemInput = z.input<typeof evaluationItemFieldsSchema>;
export const evaluationItemUpdateSchema = evaluationItemFields.extend({ version }).superRefine(refineOptions);
export const evaluationItemListSchema = listQuerySchema(keywordFilter.extend({ enabled: z.boolean().optional() }));

export const evaluationItemSchema = z.object({
  id: idReplySchema,
  code: z.string(),
  name: z.string(),
  reviewCriteria: z.string(),
  maxScore: z.number(),
  options: z.array(z.object({ score: z.number(), description: z.string() })),
  enabled: z.boolean(),
  remarks: z.string(),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type EvaluationItem = z.input<typeof evaluationItemSchema>;

// ---------------------------------------------------------------------------------------------
// Excel import reply (all or nothing, QUALITY R-08)

export interface ImportRowError {
  /** 1-based sheet row, the header being row 1. */
  row: number;
  column: string;
  reason: string;
}

export const importResultSchema = z.object({ imported: z.number().int() });
export type ImportResult = z.input<typeof importResultSchema>;

export const basicDataIdsSchema = z.object({ ids: z.array(idSchema).min(1, 'required').max(100, 'tooLong') });
