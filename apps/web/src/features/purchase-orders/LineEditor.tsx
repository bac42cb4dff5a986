import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  compareDecimals,
  DECIMAL_TEXT,
  type DecimalPlaces,
  lineAmount,
  MASK,
  type MaterialOption,
  type MaterialPriceLookup,
  type PurchaseOrderLineInput,
  type PurchaseOrderOptions,
  priceForQuantity,
  roundDecimal,
  sumTaxed,
  type TaxedAmount,
  taxedLine,
} from '@concord/shared';
import type { FormInstance, TableColumnsType } from 'antd';
import { Button, DatePicker, Empty, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { DATE_FORMAT } from '../../lib/dates.ts';
import { useNumbers } from '../../lib/numbers.ts';
import { materialPricesApi } from '../contracts/contracts.api.ts';
import { MaterialPicker } from '../materials/MaterialPicker.tsx';
import { CellError, lineErrorsOf } from '../receiving-plans/parts.tsx';

/** One editable line; `key` is local, `lineNo` the order's number of an existing line (changes). */
export interface EditLine {
  key: string;
  lineNo?: number;
  materialId: string | null;
  material: MaterialOption | null;
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  unitNo: string;
  unitName: string;
  /** Decimal text as typed (issue 16): sent as it is, never through a JS number. */
  qty: string | null;
  price: string | null;
  taxRate: string | null;
  requestedDate: string | null;
  warehouseId: string | null;
  remark: string;
  /** What the delivery module recorded: a change may not go below it. */
  deliveredQty?: string;
  /** The viewer may not see prices: the server keeps the stored price of this line. */
  priceHidden?: boolean;
  /** The contract line the order line is bought under (from the price library), sent with the line. */
  contractLineId?: string | null;
  /** Where the default price came from (the price library's lookup); absent when typed or stored. */
  priceSource?: PriceDefault | null;
  /** The user typed a price other than the library's. */
  priceManual?: boolean;
}

/** The price library's answer for a line's material and the order's supplier (docs/contracts.md). */
export type PriceDefault = NonNullable<MaterialPriceLookup>;

/** The library's price at the line's quantity: its price break when the quantity reaches one. */
export const libraryPrice = (source: PriceDefault, qty: string | null) =>
  priceForQuantity(source.basePrice, source.priceBreaks, qty !== null && DECIMAL_TEXT.test(qty) ? qty : undefined);

/** A typed price other than the library's ("2.9800" is 2.98). */
const differs = (typed: string | null, library: string) =>
  typed === null || !DECIMAL_TEXT.test(typed) || compareDecimals(typed, library) !== 0;

/** A line whose price the library gives: a material, no manual price, and no price or one from the library. */
const takesLibraryPrice = (l: EditLine) =>
  !!l.materialId && !l.priceHidden && !l.priceManual && (l.price === null || !!l.priceSource);

/** The line once the library answered for its material: its price, source and contract line, or none. */
export function withLibraryPrice(l: EditLine, found: MaterialPriceLookup): EditLine {
  // None for this supplier: a price the library gave for another one goes with its source.
  if (!found) return l.priceSource ? { ...l, price: null, priceSource: null, contractLineId: null } : l;
  return {
    ...l,
    price: libraryPrice(found, l.qty),
    taxRate: l.taxRate ?? found.taxRate,
    priceSource: found,
    priceManual: false,
    contractLineId: found.contractLineId,
  };
}

/** Tax rates are percentages of up to 4 places (13.0625 %), as the server stores them. */
const RATE_INPUT_PLACES = 4;

const isPositive = (v: string | null) => v !== null && DECIMAL_TEXT.test(v) && compareDecimals(v, '0') > 0;
const orZero = (v: string | null) => (v !== null && DECIMAL_TEXT.test(v) ? v : '0');

let counter = 0;
export const newKey = () => `new-${Date.now()}-${counter++}`;

export function emptyLine(defaults: Partial<EditLine> = {}): EditLine {
  return {
    key: newKey(),
    materialId: null,
    material: null,
    prdtNo: '',
    prdtName: '',
    prdtSpc: '',
    unitNo: '',
    unitName: '',
    qty: null,
    price: null,
    taxRate: null,
    requestedDate: dayjs().add(14, 'day').format(DATE_FORMAT),
    warehouseId: null,
    remark: '',
    ...defaults,
  };
}

/** The warehouse a new line starts with: the first of the enterprise's warehouses, by code. */
export const defaultWarehouse = (options: PurchaseOrderOptions | undefined) => options?.warehouses[0]?.id ?? null;

/**
 * What the order will total, by the rule the server applies to every line (docs/money.md): each line
 * taxed on its own, the totals their exact sums. A line being typed counts as nothing yet; a price the
 * viewer may not see makes the total unknown to them.
 */
export function orderTotal(lines: EditLine[], taxIncluded: boolean, places: DecimalPlaces): TaxedAmount | typeof MASK {
  if (lines.some((l) => l.priceHidden)) return MASK;
  return sumTaxed(
    lines.map((l) =>
      taxedLine({ qty: orZero(l.qty), price: orZero(l.price), taxRate: orZero(l.taxRate) }, taxIncluded, places.amount),
    ),
    places.amount,
  );
}

/** The first line that cannot be sent as it is, numbered as the user sees it. */
export function firstInvalidLine(lines: EditLine[]): number | null {
  const i = lines.findIndex(
    (l) => !(l.materialId || (l.prdtNo.trim() && l.prdtName.trim())) || !isPositive(l.qty) || !l.requestedDate,
  );
  return i < 0 ? null : (lines[i]!.lineNo ?? i + 1);
}

export function toLineInput(l: EditLine): PurchaseOrderLineInput {
  return {
    lineNo: l.lineNo,
    materialId: l.materialId,
    prdtNo: l.prdtNo,
    prdtName: l.prdtName,
    prdtSpc: l.prdtSpc,
    unitNo: l.unitNo,
    unitName: l.unitName,
    qty: l.qty ?? '0',
    price: l.price ?? '0',
    taxRate: l.taxRate ?? '0',
    requestedDate: l.requestedDate ?? '',
    warehouseId: l.warehouseId,
    remark: l.remark,
    ...(l.contractLineId !== undefined ? { contractLineId: l.contractLineId } : {}),
  };
}

/** The line fields the server may refuse, each shown in the cell that edits it. */
const LINE_FIELDS = [
  'materialId',
  'prdtNo',
  'prdtName',
  'unitName',
  'qty',
  'price',
  'taxRate',
  'requestedDate',
  'warehouseId',
  'remark',
] as const;

/**
 * The server's problems with lines, each in its line's cell (`lineKey.qty` → message). The server
 * names a line by its index in the request (`lines.1.qty`), so the keys of the lines as sent are kept.
 */
export function useLineErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sentKeys = useRef<string[]>([]);
  return {
    errors,
    /** Called with the lines about to be sent: their order is what the server's indexes refer to. */
    sending(lines: EditLine[]) {
      sentKeys.current = lines.map((l) => l.key);
      setErrors({});
    },
    /** Places a refusal's line problems in their cells; returns the problems no line holds. */
    refused(error: unknown, form?: FormInstance) {
      const { cells, rest } = lineErrorsOf(error, { rowKeys: sentKeys.current, fields: LINE_FIELDS }, form);
      setErrors(cells);
      return rest;
    },
    /** A line edited since the refusal: its old problems no longer apply. */
    edited(before: EditLine[], after: EditLine[]) {
      const kept = new Set(after.filter((l) => before.includes(l)).map((l) => l.key));
      setErrors((all) =>
        Object.fromEntries(Object.entries(all).filter(([k]) => kept.has(k.slice(0, k.lastIndexOf('.'))))),
      );
    },
  };
}

/** A stored line as an editable one. */
export function fromLine(l: {
  lineNo: number;
  materialId: string | null;
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  unitNo: string;
  unitName: string;
  qty: string;
  price: string;
  taxRate: string;
  requestedDate: string;
  warehouseId: string | null;
  remark: string;
  deliveredQty?: string;
  contractLineId?: string | null;
}): EditLine {
  const decimal = (v: string) => (DECIMAL_TEXT.test(v) ? v : null);
  return {
    key: `line-${l.lineNo}`,
    lineNo: l.lineNo,
    materialId: l.materialId,
    material: l.materialId
      ? {
          id: l.materialId,
          prdtNo: l.prdtNo,
          prdtName: l.prdtName,
          prdtSpc: l.prdtSpc,
          poUnitNo: l.unitNo,
          poUnitName: l.unitName,
          status: 1,
        }
      : null,
    prdtNo: l.prdtNo,
    prdtName: l.prdtName,
    prdtSpc: l.prdtSpc,
    unitNo: l.unitNo,
    unitName: l.unitName,
    qty: decimal(l.qty),
    price: decimal(l.price),
    taxRate: decimal(l.taxRate),
    requestedDate: l.requestedDate,
    warehouseId: l.warehouseId,
    remark: l.remark,
    deliveredQty: l.deliveredQty !== undefined ? (decimal(l.deliveredQty) ?? '0') : undefined,
    priceHidden: l.price === MASK,
    ...(l.contractLineId ? { contractLineId: l.contractLineId } : {}),
  };
}

/**
 * The line table of the order form and the change form: virtualized (thousands of lines stay
 * responsive), material through the picker (unit and names follow the material), amounts computed as
 * the server will round them.
 */
export function LineEditor({
  lines,
  onChange,
  options,
  places,
  errors = {},
  supplierId,
}: {
  lines: EditLine[];
  onChange: (lines: EditLine[]) => void;
  options: PurchaseOrderOptions | undefined;
  places: DecimalPlaces;
  /** The server's problems by `lineKey.field`, from `useLineErrors`. */
  errors?: Record<string, string>;
  /** The order's supplier: given, a line's price defaults from the price library (new orders, drafts). */
  supplierId?: string | null;
}) {
  const { t } = useTranslation();
  // The library answers after the user may have edited on: apply its answer to the lines as they are then.
  const latest = useRef({ lines, onChange });
  latest.current = { lines, onChange };
  const lookUp = (targets: EditLine[], supplier: string) => {
    for (const target of targets) {
      const materialId = target.materialId!;
      materialPricesApi
        .lookup(materialId, supplier)
        .then((found) => {
          const now = latest.current.lines.find((l) => l.key === target.key);
          if (!now || now.materialId !== materialId || !takesLibraryPrice(now)) return;
          latest.current.onChange(
            latest.current.lines.map((l) => (l.key === target.key ? withLibraryPrice(l, found) : l)),
          );
        })
        // No default is no harm: the user types the price.
        .catch(() => undefined);
    }
  };
  // A supplier chosen or changed: the lines taking the library's price ask again.
  const lookedUpFor = useRef<string | null | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the supplier changes only
  useEffect(() => {
    if (!supplierId || lookedUpFor.current === supplierId) return;
    const first = lookedUpFor.current === undefined;
    lookedUpFor.current = supplierId;
    const { lines: now, onChange: change } = latest.current;
    // Another supplier: a typed price stays the user's, but the previous supplier's contract goes.
    if (!first && now.some((l) => l.priceManual && l.priceSource)) {
      change(
        now.map((l) =>
          l.priceManual && l.priceSource ? { ...l, priceSource: null, priceManual: false, contractLineId: null } : l,
        ),
      );
    }
    lookUp(now.filter(takesLibraryPrice), supplierId);
  }, [supplierId]);
  const sourceText = (s: PriceDefault) =>
    s.source === 'contract'
      ? t('contracts.priceSource.contract', { no: s.sourceNo })
      : t('contracts.priceSource.award', { no: s.sourceNo });
  /** Where the price of a line comes from: the library's source, or "manual" once the user typed another. */
  const priceMarker = (l: EditLine) => {
    if (!l.priceSource) return null;
    if (l.priceManual) {
      return (
        <Tooltip
          title={t('contracts.priceSource.manualHint', {
            price: libraryPrice(l.priceSource, l.qty),
            source: sourceText(l.priceSource),
          })}
        >
          <Tag color="orange" className="price-manual" style={{ marginTop: 2, marginInlineEnd: 0 }}>
            {t('contracts.priceSource.manual')}
          </Tag>
        </Tooltip>
      );
    }
    return (
      <Tooltip title={t('contracts.priceSource.libraryHint', { source: sourceText(l.priceSource) })}>
        <Tag color="blue" className="price-source" style={{ marginTop: 2, marginInlineEnd: 0, whiteSpace: 'normal' }}>
          {sourceText(l.priceSource)}
        </Tag>
      </Tooltip>
    );
  };
  const { fmt } = useNumbers(places);
  const problem = (l: EditLine, ...fields: string[]) =>
    fields.map((f) => errors[`${l.key}.${f}`]).find((m) => m !== undefined);
  const statusOf = (message: string | undefined) => (message ? ('error' as const) : undefined);
  const refusedLines = lines.flatMap((l, i) =>
    LINE_FIELDS.some((f) => errors[`${l.key}.${f}`]) ? [l.lineNo ?? i + 1] : [],
  );
  /** Names a cell's editor for a screen reader: the column and the line, as the user sees them numbered. */
  const cellName = (column: string, l: EditLine, index: number) =>
    t('lineTable.cell', { column, line: l.lineNo ?? index + 1 });
  const patch = (key: string, change: Partial<EditLine>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...change } : l)));
  // The dictionary's percent in the stored form ("13.00" is "13"), so a stored rate selects its entry.
  const taxRates = (options?.taxRates ?? []).flatMap((r) =>
    r.value !== null && DECIMAL_TEXT.test(r.value)
      ? [{ value: roundDecimal(r.value, RATE_INPUT_PLACES), label: r.name }]
      : [],
  );
  // What decides a line first (material, quantity, price, amount, date), so at 1366 px they show
  // beside the menu without scrolling; tax rate, unit, warehouse and remark follow.
  const columns: TableColumnsType<EditLine> = [
    { key: 'lineNo', title: t('purchaseOrders.fields.lineNo'), width: 48, render: (_v, l, i) => l.lineNo ?? i + 1 },
    {
      key: 'material',
      title: t('purchaseOrders.fields.material'),
      width: 300,
      render: (_v, l, i) => (
        <Space orientation="vertical" size={2} style={{ width: '100%' }}>
          <MaterialPicker
            aria-label={cellName(t('purchaseOrders.fields.material'), l, i)}
            value={l.materialId}
            initialOption={l.material}
            style={{ width: 280 }}
            onChange={(id, option) => {
              const changed: EditLine = {
                ...l,
                materialId: id,
                material: option,
                prdtNo: option?.prdtNo ?? '',
                prdtName: option?.prdtName ?? '',
                prdtSpc: option?.prdtSpc ?? '',
                unitNo: option?.poUnitNo ?? l.unitNo,
                unitName: option?.poUnitName ?? l.unitName,
              };
              // Another material: the previous one's library price, source and contract line no longer apply.
              if (id !== l.materialId && l.priceSource) {
                Object.assign(changed, { priceSource: null, priceManual: false, contractLineId: null });
                if (!l.priceManual) changed.price = null;
              }
              onChange(lines.map((x) => (x.key === l.key ? changed : x)));
              if (supplierId && id && id !== l.materialId && takesLibraryPrice(changed)) lookUp([changed], supplierId);
            }}
          />
          {!l.materialId && (
            <Space.Compact style={{ width: 280 }}>
              <Input
                aria-label={cellName(t('purchaseOrders.fields.prdtNo'), l, i)}
                value={l.prdtNo}
                status={statusOf(problem(l, 'prdtNo'))}
                placeholder={t('purchaseOrders.fields.prdtNo')}
                onChange={(e) => patch(l.key, { prdtNo: e.target.value })}
              />
              <Input
                aria-label={cellName(t('purchaseOrders.fields.prdtName'), l, i)}
                value={l.prdtName}
                status={statusOf(problem(l, 'prdtName'))}
                placeholder={t('purchaseOrders.fields.prdtName')}
                onChange={(e) => patch(l.key, { prdtName: e.target.value })}
              />
            </Space.Compact>
          )}
          <CellError message={problem(l, 'materialId', 'prdtNo', 'prdtName')} />
        </Space>
      ),
    },
    {
      key: 'qty',
      title: t('purchaseOrders.fields.qty'),
      width: 120,
      align: 'right',
      render: (_v, l, i) => (
        <>
          <DecimalInput
            value={l.qty}
            places={places.quantity}
            min={l.deliveredQty ?? '0'}
            aria-label={cellName(t('purchaseOrders.fields.qty'), l, i)}
            status={(l.qty !== null && !isPositive(l.qty)) || problem(l, 'qty') ? 'error' : undefined}
            onChange={(v) =>
              patch(
                l.key,
                l.priceSource && !l.priceManual ? { qty: v, price: libraryPrice(l.priceSource, v) } : { qty: v },
              )
            }
          />
          <CellError message={problem(l, 'qty')} />
        </>
      ),
    },
    {
      key: 'price',
      title: t('purchaseOrders.fields.price'),
      width: 150,
      align: 'right',
      render: (_v, l, i) =>
        l.priceHidden ? (
          MASK
        ) : (
          <>
            <DecimalInput
              value={l.price}
              places={places.price}
              min="0"
              aria-label={cellName(t('purchaseOrders.fields.price'), l, i)}
              status={statusOf(problem(l, 'price'))}
              onChange={(v) =>
                patch(l.key, {
                  price: v,
                  ...(l.priceSource ? { priceManual: differs(v, libraryPrice(l.priceSource, l.qty)) } : {}),
                })
              }
            />
            {priceMarker(l)}
            <CellError message={problem(l, 'price')} />
          </>
        ),
    },
    {
      key: 'amount',
      title: t('purchaseOrders.fields.amount'),
      width: 110,
      align: 'right',
      render: (_v, l) =>
        l.priceHidden ? MASK : fmt(lineAmount(orZero(l.qty), orZero(l.price), places.amount), 'amount'),
    },
    {
      key: 'requestedDate',
      title: t('purchaseOrders.fields.requestedDate'),
      width: 140,
      render: (_v, l, i) => (
        <>
          <DatePicker
            aria-label={cellName(t('purchaseOrders.fields.requestedDate'), l, i)}
            value={l.requestedDate ? dayjs(l.requestedDate) : null}
            format={DATE_FORMAT}
            allowClear={false}
            status={statusOf(problem(l, 'requestedDate'))}
            onChange={(d) => patch(l.key, { requestedDate: d ? d.format(DATE_FORMAT) : null })}
          />
          <CellError message={problem(l, 'requestedDate')} />
        </>
      ),
    },
    {
      key: 'taxRate',
      title: t('purchaseOrders.fields.taxRate'),
      width: 110,
      render: (_v, l, i) => (
        <>
          {taxRates.length ? (
            <Select
              aria-label={cellName(t('purchaseOrders.fields.taxRate'), l, i)}
              value={l.taxRate ?? undefined}
              options={taxRates}
              style={{ width: '100%' }}
              status={statusOf(problem(l, 'taxRate'))}
              onChange={(v) => patch(l.key, { taxRate: v })}
            />
          ) : (
            <DecimalInput
              value={l.taxRate}
              places={RATE_INPUT_PLACES}
              min="0"
              max="100"
              aria-label={cellName(t('purchaseOrders.fields.taxRate'), l, i)}
              status={statusOf(problem(l, 'taxRate'))}
              onChange={(v) => patch(l.key, { taxRate: v })}
            />
          )}
          <CellError message={problem(l, 'taxRate')} />
        </>
      ),
    },
    {
      key: 'unit',
      title: t('purchaseOrders.fields.unit'),
      width: 70,
      render: (_v, l, i) => (
        <>
          <Input
            aria-label={cellName(t('purchaseOrders.fields.unit'), l, i)}
            value={l.unitName}
            status={statusOf(problem(l, 'unitName'))}
            onChange={(e) => patch(l.key, { unitName: e.target.value })}
          />
          <CellError message={problem(l, 'unitName')} />
        </>
      ),
    },
    {
      key: 'warehouse',
      title: t('purchaseOrders.fields.warehouse'),
      width: 150,
      render: (_v, l, i) => (
        <>
          <Select
            aria-label={cellName(t('purchaseOrders.fields.warehouse'), l, i)}
            allowClear
            value={l.warehouseId ?? undefined}
            style={{ width: '100%' }}
            status={statusOf(problem(l, 'warehouseId'))}
            options={(options?.warehouses ?? []).map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }))}
            onChange={(v) => patch(l.key, { warehouseId: v ?? null })}
          />
          <CellError message={problem(l, 'warehouseId')} />
        </>
      ),
    },
    {
      key: 'remark',
      title: t('purchaseOrders.fields.remark'),
      width: 160,
      render: (_v, l, i) => (
        <>
          <Input
            aria-label={cellName(t('purchaseOrders.fields.remark'), l, i)}
            value={l.remark}
            maxLength={500}
            status={statusOf(problem(l, 'remark'))}
            onChange={(e) => patch(l.key, { remark: e.target.value })}
          />
          <CellError message={problem(l, 'remark')} />
        </>
      ),
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 60,
      fixed: 'right',
      render: (_v, l, i) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          disabled={compareDecimals(l.deliveredQty ?? '0', '0') > 0}
          aria-label={cellName(t('purchaseOrders.actions.removeLine'), l, i)}
          onClick={() => onChange(lines.filter((x) => x.key !== l.key))}
        />
      ),
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Button
          icon={<PlusOutlined />}
          onClick={() => onChange([...lines, emptyLine({ warehouseId: defaultWarehouse(options) })])}
        >
          {t('purchaseOrders.actions.addLine')}
        </Button>
        <Typography.Text type="secondary">{t('purchaseOrders.editor.lines', { count: lines.length })}</Typography.Text>
        {refusedLines.length > 0 && (
          <Typography.Text type="danger" role="alert">
            {t('purchaseOrders.editor.fixMarked', { lines: refusedLines.join(', ') })}
          </Typography.Text>
        )}
      </Space>
      <Table<EditLine>
        rowKey="key"
        size="small"
        virtual
        pagination={false}
        columns={columns}
        dataSource={lines}
        scroll={{ x: 1418, y: 480 }}
        locale={{ emptyText: <Empty description={t('purchaseOrders.editor.noLines')} /> }}
      />
    </>
  );
}
