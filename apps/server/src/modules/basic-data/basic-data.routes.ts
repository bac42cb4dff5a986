import {
  attributeFieldsSchema,
  attributeListSchema,
  attributeUpdateSchema,
  basicDataIdsSchema,
  decimalPlacesSettingSchema,
  decimalPlacesUpdateSchema,
  dictionaryFieldsSchema,
  dictionaryItemSchema,
  dictionaryListSchema,
  dictionaryUpdateSchema,
  evaluationItemFieldsSchema,
  evaluationItemListSchema,
  evaluationItemSchema,
  evaluationItemUpdateSchema,
  exchangeRateFieldsSchema,
  exchangeRateListSchema,
  exchangeRateSchema,
  exchangeRateUpdateSchema,
  featureFieldsSchema,
  featureListSchema,
  featureUpdateSchema,
  importResultSchema,
  interestRateFieldsSchema,
  interestRateListSchema,
  interestRateSchema,
  interestRateUpdateSchema,
  type ListResult,
  materialAttributeSchema,
  materialClassFieldsSchema,
  materialClassListSchema,
  materialClassNodeSchema,
  materialClassSchema,
  materialClassUpdateSchema,
  materialFeatureSchema,
  noReplySchema,
  organizationIdSchema,
  pageReplySchema,
  textSchema,
  warehouseFieldsSchema,
  warehouseListSchema,
  warehouseSchema,
  warehouseUpdateSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RequestContext } from '../../platform/context.ts';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { uploadedWorkbook } from '../../platform/xlsx-import.ts';
import * as attributes from './attributes.service.ts';
import { assertReader } from './basic-data.common.ts';
import * as excel from './basic-data.excel.ts';
import * as classes from './classes.service.ts';
import * as decimals from './decimal-places.service.ts';
import * as dictionaries from './dictionaries.service.ts';
import * as evaluation from './evaluation-items.service.ts';
import * as rates from './rates.service.ts';
import * as warehouses from './warehouses.service.ts';

const params = z.object({ id: organizationIdSchema });
const keywordQuery = z.object({ keyword: textSchema(64).optional() });
const interestExportQuery = z.object({ valid: z.enum(['true', 'false']).optional() });

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A request part as the route hands it over (platform/route.ts): the schema's output. */
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

interface Resource<L extends z.ZodType, C extends z.ZodType, U extends z.ZodType, R extends z.ZodType> {
  path: string;
  /** The nouns of the operationIds: `getWarehouse`, `listWarehouses`. */
  one: string;
  many: string;
  /** Who may read: CF_BAS, or any member holding one of the reader codes (pickers of other forms). */
  readers: 'pickers' | 'CF_BAS';
  reply: R;
  list: { schema: L; run: (ctx: RequestContext, query: Out<L>) => Promise<ListResult<z.output<R>>> };
  get: (ctx: RequestContext, id: string) => Promise<z.output<R>>;
  create: { schema: C; run: (ctx: RequestContext, input: Out<C>) => Promise<z.output<R>> };
  update: { schema: U; run: (ctx: RequestContext, id: string, input: Out<U>) => Promise<z.output<R>> };
  remove: (ctx: RequestContext, id: string) => Promise<void>;
  /** Flat lists delete several rows at once, all or none; the class tree deletes leaf by leaf. */
  batchDelete: boolean;
}

/**
 * Basic data (spec §2 /basicdatasetting): CF_BAS maintains everything. Classes, dictionaries and
 * warehouses are also read by other modules' forms, so any member holding PO_SYN, SL_SYN or CF_BAS
 * lists them; decimal places are read by every screen that shows a number.
 */
export function registerBasicDataRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['basic-data'] });
  const maintain = 'CF_BAS';

  function crud<L extends z.ZodType, C extends z.ZodType, U extends z.ZodType, R extends z.ZodType>(
    res: Resource<L, C, U, R>,
  ) {
    const base = `/gateway/srm/${res.path}`;
    const read = res.readers === 'pickers' ? 'member' : maintain;
    // A picker's reader holds any one of the reader codes; the route admits every member first.
    const admitReader = (ctx: RequestContext) => {
      if (res.readers === 'pickers') assertReader(ctx.auth);
    };

    r.post(
      `${base}/list`,
      { operationId: `list${res.many}`, access: read, body: res.list.schema, reply: pageReplySchema(res.reply) },
      (ctx, { body }) => {
        admitReader(ctx);
        return res.list.run(ctx, body);
      },
    );

    r.get(
      `${base}/:id`,
      { operationId: `get${res.one}`, access: read, params, reply: res.reply },
      (ctx, { params }) => {
        admitReader(ctx);
        return res.get(ctx, params.id);
      },
    );

    r.post(
      base,
      { operationId: `create${res.one}`, access: maintain, body: res.create.schema, reply: res.reply },
      (ctx, { body }) => res.create.run(ctx, body),
    );

    r.put(
      `${base}/:id`,
      { operationId: `update${res.one}`, access: maintain, params, body: res.update.schema, reply: res.reply },
      (ctx, { params, body }) => res.update.run(ctx, params.id, body),
    );

    r.delete(
      `${base}/:id`,
      { operationId: `delete${res.one}`, access: maintain, params, reply: noReplySchema },
      async (ctx, { params }) => {
        await res.remove(ctx, params.id);
        return null;
      },
    );

    if (res.batchDelete) {
      r.post(
        `${base}/batch-delete`,
        { operationId: `delete${res.many}`, access: maintain, body: basicDataIdsSchema, reply: noReplySchema },
        async (ctx, { body }) => {
          for (const id of new Set(body.ids)) await res.remove(ctx, id);
          return null;
        },
      );
    }
  }

  function excelRoutes<Q extends z.ZodType>(
    path: string,
    kind: excel.SheetKind,
    names: { one: string; many: string },
    query: Q,
    exportFile: (ctx: RequestContext, filter: Out<Q>) => Promise<Buffer>,
    importFile: (ctx: RequestContext, file: Buffer) => Promise<Out<typeof importResultSchema>>,
  ) {
    const base = `/gateway/srm/${path}`;
    r.file(
      'GET',
      `${base}/template`,
      { operationId: `get${names.one}Template`, access: maintain, produces: XLSX_TYPE },
      async (ctx) => ({
        body: await excel.getTemplateWorkbook(ctx, kind),
        name: await excel.fileName(ctx, kind, 'template'),
      }),
    );
    r.file(
      'GET',
      `${base}/export`,
      { operationId: `export${names.many}`, access: maintain, query, produces: XLSX_TYPE },
      async (ctx, { query }) => ({
        body: await exportFile(ctx, query),
        name: await excel.fileName(ctx, kind, 'export'),
      }),
    );
    r.post(
      `${base}/import`,
      {
        operationId: `import${names.many}`,
        access: maintain,
        consumes: ['multipart/form-data'],
        reply: importResultSchema,
      },
      async (ctx, { req }) => importFile(ctx, await uploadedWorkbook(req)),
    );
  }

  // --- material classes -------------------------------------------------------------------------

  r.get(
    '/gateway/srm/material-classes/tree',
    { operationId: 'getMaterialClassTree', access: 'member', reply: z.array(materialClassNodeSchema) },
    (ctx) => {
      assertReader(ctx.auth);
      return classes.getMaterialClassTree(ctx);
    },
  );

  crud({
    path: 'material-classes',
    one: 'MaterialClass',
    many: 'MaterialClasses',
    readers: 'pickers',
    reply: materialClassSchema,
    list: { schema: materialClassListSchema, run: classes.listMaterialClasses },
    get: classes.getMaterialClass,
    create: { schema: materialClassFieldsSchema, run: classes.createMaterialClass },
    update: { schema: materialClassUpdateSchema, run: classes.updateMaterialClass },
    remove: classes.deleteMaterialClass,
    batchDelete: false,
  });

  crud({
    path: 'dictionaries',
    one: 'DictionaryItem',
    many: 'DictionaryItems',
    readers: 'pickers',
    reply: dictionaryItemSchema,
    list: { schema: dictionaryListSchema, run: dictionaries.listDictionaryItems },
    get: dictionaries.getDictionaryItem,
    create: { schema: dictionaryFieldsSchema, run: dictionaries.createDictionaryItem },
    update: { schema: dictionaryUpdateSchema, run: dictionaries.updateDictionaryItem },
    remove: dictionaries.deleteDictionaryItem,
    batchDelete: true,
  });

  crud({
    path: 'attributes',
    one: 'MaterialAttribute',
    many: 'MaterialAttributes',
    readers: 'CF_BAS',
    reply: materialAttributeSchema,
    list: { schema: attributeListSchema, run: attributes.listAttributes },
    get: attributes.getAttribute,
    create: { schema: attributeFieldsSchema, run: attributes.createAttribute },
    update: { schema: attributeUpdateSchema, run: attributes.updateAttribute },
    remove: attributes.deleteAttribute,
    batchDelete: true,
  });

  crud({
    path: 'features',
    one: 'MaterialFeature',
    many: 'MaterialFeatures',
    readers: 'CF_BAS',
    reply: materialFeatureSchema,
    list: { schema: featureListSchema, run: attributes.listFeatures },
    get: attributes.getFeature,
    create: { schema: featureFieldsSchema, run: attributes.createFeature },
    update: { schema: featureUpdateSchema, run: attributes.updateFeature },
    remove: attributes.deleteFeature,
    batchDelete: true,
  });

  excelRoutes(
    'warehouses',
    'warehouses',
    { one: 'Warehouse', many: 'Warehouses' },
    keywordQuery,
    excel.exportWarehouses,
    excel.importWarehouses,
  );
  crud({
    path: 'warehouses',
    one: 'Warehouse',
    many: 'Warehouses',
    readers: 'pickers',
    reply: warehouseSchema,
    list: { schema: warehouseListSchema, run: warehouses.listWarehouses },
    get: warehouses.getWarehouse,
    create: { schema: warehouseFieldsSchema, run: warehouses.createWarehouse },
    update: { schema: warehouseUpdateSchema, run: warehouses.updateWarehouse },
    remove: warehouses.deleteWarehouse,
    batchDelete: true,
  });

  excelRoutes(
    'interest-rates',
    'interestRates',
    { one: 'InterestRate', many: 'InterestRates' },
    interestExportQuery,
    (ctx, filter) =>
      excel.exportInterestRates(ctx, { valid: filter.valid === undefined ? undefined : filter.valid === 'true' }),
    excel.importInterestRates,
  );
  crud({
    path: 'interest-rates',
    one: 'InterestRate',
    many: 'InterestRates',
    readers: 'CF_BAS',
    reply: interestRateSchema,
    list: { schema: interestRateListSchema, run: rates.listInterestRates },
    get: rates.getInterestRate,
    create: { schema: interestRateFieldsSchema, run: rates.createInterestRate },
    update: { schema: interestRateUpdateSchema, run: rates.updateInterestRate },
    remove: rates.deleteInterestRate,
    batchDelete: true,
  });

  excelRoutes(
    'exchange-rates',
    'exchangeRates',
    { one: 'ExchangeRate', many: 'ExchangeRates' },
    keywordQuery,
    excel.exportExchangeRates,
    excel.importExchangeRates,
  );
  crud({
    path: 'exchange-rates',
    one: 'ExchangeRate',
    many: 'ExchangeRates',
    readers: 'CF_BAS',
    reply: exchangeRateSchema,
    list: { schema: exchangeRateListSchema, run: rates.listExchangeRates },
    get: rates.getExchangeRate,
    create: { schema: exchangeRateFieldsSchema, run: rates.createExchangeRate },
    update: { schema: exchangeRateUpdateSchema, run: rates.updateExchangeRate },
    remove: rates.deleteExchangeRate,
    batchDelete: true,
  });

  crud({
    path: 'evaluation-projects',
    one: 'EvaluationItem',
    many: 'EvaluationItems',
    readers: 'CF_BAS',
    reply: evaluationItemSchema,
    list: { schema: evaluationItemListSchema, run: evaluation.listEvaluationItems },
    get: evaluation.getEvaluationItem,
    create: { schema: evaluationItemFieldsSchema, run: evaluation.createEvaluationItem },
    update: { schema: evaluationItemUpdateSchema, run: evaluation.updateEvaluationItem },
    remove: evaluation.deleteEvaluationItem,
    batchDelete: true,
  });

  // --- decimal places ---------------------------------------------------------------------------

  r.get(
    '/gateway/srm/decimal-places',
    { operationId: 'getDecimalPlaces', access: 'member', reply: decimalPlacesSettingSchema },
    (ctx) => decimals.getDecimalPlacesSetting(ctx),
  );

  r.put(
    '/gateway/srm/decimal-places',
    {
      operationId: 'saveDecimalPlaces',
      access: maintain,
      body: decimalPlacesUpdateSchema,
      reply: decimalPlacesSettingSchema,
    },
    (ctx, { body }) => decimals.saveDecimalPlaces(ctx, body),
  );
}
