import {
  attributeFieldsSchema,
  attributeListSchema,
  attributeUpdateSchema,
  basicDataIdsSchema,
  decimalPlacesUpdateSchema,
  dictionaryFieldsSchema,
  dictionaryListSchema,
  dictionaryUpdateSchema,
  evaluationItemFieldsSchema,
  evaluationItemListSchema,
  evaluationItemUpdateSchema,
  exchangeRateFieldsSchema,
  exchangeRateListSchema,
  exchangeRateUpdateSchema,
  featureFieldsSchema,
  featureListSchema,
  featureUpdateSchema,
  interestRateFieldsSchema,
  interestRateListSchema,
  interestRateUpdateSchema,
  type ListResult,
  type Locale,
  materialClassFieldsSchema,
  materialClassListSchema,
  materialClassUpdateSchema,
  organizationIdSchema,
  type RouteAccess,
  textSchema,
  warehouseFieldsSchema,
  warehouseListSchema,
  warehouseUpdateSchema,
} from '@concord/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import { type Auth, inTenantTx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { type IdempotencyScope, idempotencyScope } from '../../platform/idempotency.ts';
import type { Services } from '../../platform/services.ts';
import { DEFAULT_XLSX_LIMITS } from '../../platform/xlsx-import.ts';
import * as attributes from './attributes.service.ts';
import { assertReader } from './basic-data.common.ts';
import * as excel from './basic-data.excel.ts';
import * as classes from './classes.service.ts';
import * as decimals from './decimal-places.service.ts';
import * as dictionaries from './dictionaries.service.ts';
import * as evaluation from './evaluation-items.service.ts';
import * as rates from './rates.service.ts';
import * as warehouses from './warehouses.service.ts';

const idParams = z.object({ id: organizationIdSchema });
const keywordQuery = z.object({ keyword: textSchema(64).optional() });
const interestExportQuery = z.object({ valid: z.enum(['true', 'false']).optional() });

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Resource<L extends z.ZodType, C extends z.ZodType, U extends z.ZodType, T> {
  path: string;
  /** Who may read: CF_BAS, or any member holding one of the reader codes (pickers of other forms). */
  readers: 'pickers' | 'CF_BAS';
  list: { schema: L; run: (q: Queryable, tenantId: string, query: z.infer<L>) => Promise<ListResult<T>> };
  get: (q: Queryable, tenantId: string, id: string) => Promise<T>;
  create: { schema: C; run: (db: Db, auth: Auth, input: z.infer<C>, scope: IdempotencyScope) => Promise<T> };
  update: { schema: U; run: (q: Queryable, auth: Auth, id: string, input: z.infer<U>) => Promise<T> };
  remove: (q: Queryable, auth: Auth, id: string) => Promise<void>;
  /** Flat lists delete several rows at once, all or none; the class tree deletes leaf by leaf. */
  batchDelete: boolean;
}

async function sendXlsx(reply: FastifyReply, file: Buffer, name: string) {
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .send(file);
}

/** The uploaded workbook, refused above the reader's file-size limit before it is held whole. */
async function uploadedWorkbook(req: FastifyRequest): Promise<Buffer> {
  const file = await req.file({ limits: { fileSize: DEFAULT_XLSX_LIMITS.maxFileBytes, files: 1 } });
  if (!file) throw new AppError('VALIDATION_FAILED');
  const buffer = await file.toBuffer();
  if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
  return buffer;
}

/**
 * Basic data (spec §2 /basicdatasetting): CF_BAS maintains everything. Classes, dictionaries and
 * warehouses are also read by other modules' forms, so any member holding PO_SYN, SL_SYN or CF_BAS
 * lists them; decimal places are read by every screen that shows a number.
 */
export function registerBasicDataRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const tags = ['basic-data'];
  const maintain = { access: 'CF_BAS' as RouteAccess };
  const member = { access: 'member' as RouteAccess };

  // The type provider cannot narrow a generic schema's output; the schema has validated the body.
  function crud<L extends z.ZodType, C extends z.ZodType, U extends z.ZodType, T>(res: Resource<L, C, U, T>) {
    const base = `/gateway/srm/${res.path}`;
    const read = res.readers === 'pickers' ? member : maintain;
    const readerCheck = (auth: Auth) => {
      if (res.readers === 'pickers') assertReader(auth);
    };

    r.post(`${base}/list`, { config: read, schema: { tags, body: res.list.schema } }, async (req) => {
      readerCheck(req.auth!);
      return ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) => res.list.run(tx, req.auth!.tenantId!, req.body as z.infer<L>)),
      );
    });

    r.get(`${base}/:id`, { config: read, schema: { tags, params: idParams } }, async (req) => {
      readerCheck(req.auth!);
      return ok(await inTenantTx(db, req.auth!.tenantId, (tx) => res.get(tx, req.auth!.tenantId!, req.params.id)));
    });

    r.post(base, { config: maintain, schema: { tags, body: res.create.schema } }, async (req) =>
      ok(await res.create.run(db, req.auth!, req.body as z.infer<C>, idempotencyScope(req))),
    );

    r.put(
      `${base}/:id`,
      { config: maintain, schema: { tags, params: idParams, body: res.update.schema } },
      async (req) =>
        ok(
          await inTenantTx(db, req.auth!.tenantId, (tx) =>
            res.update.run(tx, req.auth!, req.params.id, req.body as z.infer<U>),
          ),
        ),
    );

    r.delete(`${base}/:id`, { config: maintain, schema: { tags, params: idParams } }, async (req) => {
      await inTenantTx(db, req.auth!.tenantId, (tx) => res.remove(tx, req.auth!, req.params.id));
      return ok(null);
    });

    if (res.batchDelete) {
      r.post(`${base}/batch-delete`, { config: maintain, schema: { tags, body: basicDataIdsSchema } }, async (req) => {
        await inTenantTx(db, req.auth!.tenantId, async (tx) => {
          for (const id of new Set(req.body.ids)) await res.remove(tx, req.auth!, id);
        });
        return ok(null);
      });
    }
  }

  function excelRoutes<Q extends z.ZodType>(
    path: string,
    kind: excel.SheetKind,
    query: Q,
    exportRows: (q: Queryable, tenantId: string, filter: z.infer<Q>, locale: Locale) => Promise<Buffer>,
    importFile: (db: Db, auth: Auth, file: Buffer, locale: Locale) => Promise<unknown>,
  ) {
    const base = `/gateway/srm/${path}`;
    r.get(`${base}/template`, { config: maintain, schema: { tags } }, async (req, reply) =>
      sendXlsx(reply, await excel.templateWorkbook(kind, req.locale), excel.fileName(kind, 'template')),
    );
    r.get(`${base}/export`, { config: maintain, schema: { tags, querystring: query } }, async (req, reply) => {
      const file = await inTenantTx(db, req.auth!.tenantId, (tx) =>
        exportRows(tx, req.auth!.tenantId!, req.query as z.infer<Q>, req.locale),
      );
      return sendXlsx(reply, file, excel.fileName(kind, 'export'));
    });
    r.post(`${base}/import`, { config: maintain, schema: { tags, consumes: ['multipart/form-data'] } }, async (req) =>
      ok(await importFile(db, req.auth!, await uploadedWorkbook(req), req.locale)),
    );
  }

  // --- material classes -------------------------------------------------------------------------

  r.get('/gateway/srm/material-classes/tree', { config: member, schema: { tags } }, async (req) => {
    assertReader(req.auth!);
    return ok(await inTenantTx(db, req.auth!.tenantId, (tx) => classes.getMaterialClassTree(tx, req.auth!.tenantId!)));
  });

  crud({
    path: 'material-classes',
    readers: 'pickers',
    list: { schema: materialClassListSchema, run: classes.listMaterialClasses },
    get: classes.getMaterialClass,
    create: { schema: materialClassFieldsSchema, run: classes.createMaterialClass },
    update: { schema: materialClassUpdateSchema, run: classes.updateMaterialClass },
    remove: classes.deleteMaterialClass,
    batchDelete: false,
  });

  crud({
    path: 'dictionaries',
    readers: 'pickers',
    list: { schema: dictionaryListSchema, run: dictionaries.listDictionaryItems },
    get: dictionaries.getDictionaryItem,
    create: { schema: dictionaryFieldsSchema, run: dictionaries.createDictionaryItem },
    update: { schema: dictionaryUpdateSchema, run: dictionaries.updateDictionaryItem },
    remove: dictionaries.deleteDictionaryItem,
    batchDelete: true,
  });

  crud({
    path: 'attributes',
    readers: 'CF_BAS',
    list: { schema: attributeListSchema, run: attributes.listAttributes },
    get: attributes.getAttribute,
    create: { schema: attributeFieldsSchema, run: attributes.createAttribute },
    update: { schema: attributeUpdateSchema, run: attributes.updateAttribute },
    remove: attributes.deleteAttribute,
    batchDelete: true,
  });

  crud({
    path: 'features',
    readers: 'CF_BAS',
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
    keywordQuery,
    async (q, tenantId, filter, locale) =>
      excel.warehousesWorkbook(
        await warehouses.listWarehousesForExport(q, tenantId, filter, excel.EXPORT_MAX_ROWS),
        locale,
      ),
    excel.importWarehouses,
  );
  crud({
    path: 'warehouses',
    readers: 'pickers',
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
    interestExportQuery,
    async (q, tenantId, filter, locale) =>
      excel.interestRatesWorkbook(
        await rates.listInterestRatesForExport(
          q,
          tenantId,
          { valid: filter.valid === undefined ? undefined : filter.valid === 'true' },
          excel.EXPORT_MAX_ROWS,
        ),
        locale,
      ),
    excel.importInterestRates,
  );
  crud({
    path: 'interest-rates',
    readers: 'CF_BAS',
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
    keywordQuery,
    async (q, tenantId, filter, locale) =>
      excel.exchangeRatesWorkbook(
        await rates.listExchangeRatesForExport(q, tenantId, filter, excel.EXPORT_MAX_ROWS),
        locale,
      ),
    excel.importExchangeRates,
  );
  crud({
    path: 'exchange-rates',
    readers: 'CF_BAS',
    list: { schema: exchangeRateListSchema, run: rates.listExchangeRates },
    get: rates.getExchangeRate,
    create: { schema: exchangeRateFieldsSchema, run: rates.createExchangeRate },
    update: { schema: exchangeRateUpdateSchema, run: rates.updateExchangeRate },
    remove: rates.deleteExchangeRate,
    batchDelete: true,
  });

  crud({
    path: 'evaluation-projects',
    readers: 'CF_BAS',
    list: { schema: evaluationItemListSchema, run: evaluation.listEvaluationItems },
    get: evaluation.getEvaluationItem,
    create: { schema: evaluationItemFieldsSchema, run: evaluation.createEvaluationItem },
    update: { schema: evaluationItemUpdateSchema, run: evaluation.updateEvaluationItem },
    remove: evaluation.deleteEvaluationItem,
    batchDelete: true,
  });

  // --- decimal places ---------------------------------------------------------------------------

  r.get('/gateway/srm/decimal-places', { config: member, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => decimals.getDecimalPlacesSetting(tx, req.auth!.tenantId!))),
  );

  r.put(
    '/gateway/srm/decimal-places',
    { config: maintain, schema: { tags, body: decimalPlacesUpdateSchema } },
    async (req) =>
      ok(await inTenantTx(db, req.auth!.tenantId, (tx) => decimals.saveDecimalPlaces(tx, req.auth!, req.body))),
  );
}
