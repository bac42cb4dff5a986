import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, tstz, updatedAt, version } from '../../db/columns.ts';

/** One scoring choice of an evaluation item: the reviewer picks exactly one. */
export type EvaluationOption = { score: number; description: string };

/**
 * Tenant: the material classification tree (spec §2 classificationmaintenance). `parentId` null is a
 * root; the service keeps the tree acyclic because a recursive check is cheaper than a trigger here.
 */
export const materialClasses = pgTable(
  'material_classes',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    parentId: bigId('parent_id'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    erpClassCode: text('erp_class_code').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    remarks: text('remarks').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('material_classes_code_uq').on(t.tenantId, t.code),
    index('material_classes_parent_idx').on(t.tenantId, t.parentId),
  ],
);

/**
 * Tenant: small code lists by type (units, currencies, tax rates, payment methods and conditions,
 * delivery types, …). `value` carries the one number a type needs, e.g. the tax-rate percent.
 */
export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    dictType: text('dict_type').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    value: numeric('value', { precision: 12, scale: 4 }),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    remarks: text('remarks').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('dictionary_items_code_uq').on(t.tenantId, t.dictType, t.code),
  ],
);

/** Tenant: material attributes (spec §2 attributeMaintenance); `options` only for the option type. */
export const materialAttributes = pgTable(
  'material_attributes',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    valueType: text('value_type').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    remarks: text('remarks').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('material_attributes_code_uq').on(t.tenantId, t.code),
  ],
);

/** Tenant: features (spec §2 features), a name and its allowed values, picked by warehouses and materials. */
export const materialFeatures = pgTable(
  'material_features',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    name: text('name').notNull(),
    featureValues: jsonb('feature_values').$type<string[]>().notNull().default([]),
    remarks: text('remarks').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('material_features_name_uq').on(t.tenantId, t.name)],
);

/** Tenant: warehouses with the required fields of spec §5. */
export const warehouses = pgTable(
  'warehouses',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    segmentCode: text('segment_code').notNull(),
    segmentName: text('segment_name').notNull(),
    featureName: text('feature_name').notNull(),
    featureValue: text('feature_value').notNull(),
    remarks: text('remarks').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('warehouses_code_uq').on(t.tenantId, t.code)],
);

/**
 * Tenant: monthly interest rates by period (spec §3). Valid periods must not overlap; the service
 * serializes writers per tenant so two concurrent saves cannot both pass the overlap check.
 */
export const interestRates = pgTable(
  'interest_rates',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    monthlyRate: numeric('monthly_rate', { precision: 12, scale: 6 }).notNull(),
    registrantId: bigId('registrant_id'),
    registrantName: text('registrant_name').notNull().default(''),
    registeredAt: tstz('registered_at').notNull().defaultNow(),
    valid: boolean('valid').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('interest_rates_period_idx').on(t.tenantId, t.startDate, t.endDate),
  ],
);

/** Tenant: exchange rates, one row per currency against a base currency (spec §3). */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    currencyCode: text('currency_code').notNull(),
    currencyName: text('currency_name').notNull(),
    baseCurrency: text('base_currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    decimalPlaces: integer('decimal_places').notNull().default(4),
    updaterId: bigId('updater_id'),
    updaterName: text('updater_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('exchange_rates_pair_uq').on(t.tenantId, t.currencyCode, t.baseCurrency),
  ],
);

/** Tenant: one row of decimal places per tenant; absent means the defaults of the shared schema. */
export const decimalPlaces = pgTable('decimal_places', {
  tenantId: bigId('tenant_id').primaryKey(),
  quantityPlaces: integer('quantity_places').notNull().default(2),
  pricePlaces: integer('price_places').notNull().default(4),
  amountPlaces: integer('amount_places').notNull().default(2),
  updatedAt: updatedAt(),
  version: version(),
});

/** Tenant: evaluation review items (spec §2 evaluation-project), later assembled into evaluation schemes. */
export const evaluationItems = pgTable(
  'evaluation_items',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    reviewCriteria: text('review_criteria').notNull().default(''),
    maxScore: numeric('max_score', { precision: 8, scale: 2 }).notNull(),
    options: jsonb('options').$type<EvaluationOption[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    remarks: text('remarks').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('evaluation_items_code_uq').on(t.tenantId, t.code)],
);
