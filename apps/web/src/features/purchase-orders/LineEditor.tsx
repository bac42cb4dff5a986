import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type DecimalPlaces,
  formatDecimal,
  MASK,
  type MaterialOption,
  type PurchaseOrderLineInput,
  type PurchaseOrderOptions,
  roundTo,
} from '@concord/shared';
import type { TableColumnsType } from 'antd';
import { Button, DatePicker, Empty, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../../lib/dates.ts';
import { MaterialPicker } from '../materials/MaterialPicker.tsx';

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
  qty: number | null;
  price: number | null;
  taxRate: number | null;
  requestedDate: string | null;
  warehouseId: string | null;
  remark: string;
  /** What the delivery module recorded: a change may not go below it. */
  deliveredQty?: number;
  /** The viewer may not see prices: the server keeps the stored price of this line. */
  priceHidden?: boolean;
}

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

/** The first line that cannot be sent as it is, numbered as the user sees it. */
export function firstInvalidLine(lines: EditLine[]): number | null {
  const i = lines.findIndex(
    (l) => !(l.materialId || (l.prdtNo.trim() && l.prdtName.trim())) || !l.qty || l.qty <= 0 || !l.requestedDate,
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
    qty: l.qty ?? 0,
    price: l.price ?? 0,
    taxRate: l.taxRate ?? 0,
    requestedDate: l.requestedDate ?? '',
    warehouseId: l.warehouseId,
    remark: l.remark,
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
}): EditLine {
  const num = (v: string) => (Number.isFinite(Number(v)) ? Number(v) : null);
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
    qty: num(l.qty),
    price: num(l.price),
    taxRate: num(l.taxRate),
    requestedDate: l.requestedDate,
    warehouseId: l.warehouseId,
    remark: l.remark,
    deliveredQty: l.deliveredQty !== undefined ? (num(l.deliveredQty) ?? 0) : undefined,
    priceHidden: l.price === MASK,
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
}: {
  lines: EditLine[];
  onChange: (lines: EditLine[]) => void;
  options: PurchaseOrderOptions | undefined;
  places: DecimalPlaces;
}) {
  const { t } = useTranslation();
  const patch = (key: string, change: Partial<EditLine>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const taxRates = (options?.taxRates ?? [])
    .filter((r) => r.value !== null)
    .map((r) => ({ value: Number(r.value), label: r.name }));
  const step = (p: number) => 1 / 10 ** p;
  const columns: TableColumnsType<EditLine> = [
    { key: 'lineNo', title: t('purchaseOrders.fields.lineNo'), width: 60, render: (_v, l, i) => l.lineNo ?? i + 1 },
    {
      key: 'material',
      title: t('purchaseOrders.fields.material'),
      width: 320,
      render: (_v, l) => (
        <Space direction="vertical" size={2} style={{ width: '100%' }}>
          <MaterialPicker
            value={l.materialId}
            initialOption={l.material}
            style={{ width: 300 }}
            onChange={(id, option) =>
              patch(l.key, {
                materialId: id,
                material: option,
                prdtNo: option?.prdtNo ?? '',
                prdtName: option?.prdtName ?? '',
                prdtSpc: option?.prdtSpc ?? '',
                unitNo: option?.poUnitNo ?? l.unitNo,
                unitName: option?.poUnitName ?? l.unitName,
              })
            }
          />
          {!l.materialId && (
            <Space.Compact style={{ width: 300 }}>
              <Input
                value={l.prdtNo}
                placeholder={t('purchaseOrders.fields.prdtNo')}
                onChange={(e) => patch(l.key, { prdtNo: e.target.value })}
              />
              <Input
                value={l.prdtName}
                placeholder={t('purchaseOrders.fields.prdtName')}
                onChange={(e) => patch(l.key, { prdtName: e.target.value })}
              />
            </Space.Compact>
          )}
        </Space>
      ),
    },
    {
      key: 'unit',
      title: t('purchaseOrders.fields.unit'),
      width: 90,
      render: (_v, l) => <Input value={l.unitName} onChange={(e) => patch(l.key, { unitName: e.target.value })} />,
    },
    {
      key: 'qty',
      title: t('purchaseOrders.fields.qty'),
      width: 130,
      align: 'right',
      render: (_v, l) => (
        <InputNumber
          value={l.qty}
          min={l.deliveredQty ?? 0}
          step={step(places.quantity)}
          precision={places.quantity}
          style={{ width: '100%' }}
          status={l.qty !== null && l.qty <= 0 ? 'error' : undefined}
          onChange={(v) => patch(l.key, { qty: v })}
        />
      ),
    },
    {
      key: 'price',
      title: t('purchaseOrders.fields.price'),
      width: 130,
      align: 'right',
      render: (_v, l) =>
        l.priceHidden ? (
          MASK
        ) : (
          <InputNumber
            value={l.price}
            min={0}
            step={step(places.price)}
            precision={places.price}
            style={{ width: '100%' }}
            onChange={(v) => patch(l.key, { price: v })}
          />
        ),
    },
    {
      key: 'taxRate',
      title: t('purchaseOrders.fields.taxRate'),
      width: 150,
      render: (_v, l) =>
        taxRates.length ? (
          <Select
            value={l.taxRate ?? undefined}
            options={taxRates}
            style={{ width: '100%' }}
            onChange={(v) => patch(l.key, { taxRate: v })}
          />
        ) : (
          <InputNumber
            value={l.taxRate}
            min={0}
            max={100}
            style={{ width: '100%' }}
            onChange={(v) => patch(l.key, { taxRate: v })}
          />
        ),
    },
    {
      key: 'amount',
      title: t('purchaseOrders.fields.amount'),
      width: 130,
      align: 'right',
      render: (_v, l) =>
        l.priceHidden
          ? MASK
          : formatDecimal(
              roundTo(roundTo(l.qty ?? 0, places.quantity) * roundTo(l.price ?? 0, places.price), places.amount),
              places.amount,
            ),
    },
    {
      key: 'requestedDate',
      title: t('purchaseOrders.fields.requestedDate'),
      width: 150,
      render: (_v, l) => (
        <DatePicker
          value={l.requestedDate ? dayjs(l.requestedDate) : null}
          format={DATE_FORMAT}
          allowClear={false}
          onChange={(d) => patch(l.key, { requestedDate: d ? d.format(DATE_FORMAT) : null })}
        />
      ),
    },
    {
      key: 'warehouse',
      title: t('purchaseOrders.fields.warehouse'),
      width: 160,
      render: (_v, l) => (
        <Select
          allowClear
          value={l.warehouseId ?? undefined}
          style={{ width: '100%' }}
          options={(options?.warehouses ?? []).map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }))}
          onChange={(v) => patch(l.key, { warehouseId: v ?? null })}
        />
      ),
    },
    {
      key: 'remark',
      title: t('purchaseOrders.fields.remark'),
      width: 180,
      render: (_v, l) => (
        <Input value={l.remark} maxLength={500} onChange={(e) => patch(l.key, { remark: e.target.value })} />
      ),
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 100,
      fixed: 'right',
      render: (_v, l) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          disabled={(l.deliveredQty ?? 0) > 0}
          aria-label={t('purchaseOrders.actions.removeLine')}
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
          onClick={() => onChange([...lines, emptyLine({ warehouseId: options?.warehouses[0]?.id ?? null })])}
        >
          {t('purchaseOrders.actions.addLine')}
        </Button>
        <Typography.Text type="secondary">{t('purchaseOrders.editor.lines', { count: lines.length })}</Typography.Text>
      </Space>
      <Table<EditLine>
        rowKey="key"
        size="small"
        virtual
        pagination={false}
        columns={columns}
        dataSource={lines}
        scroll={{ x: 1500, y: 480 }}
        locale={{ emptyText: <Empty description={t('purchaseOrders.editor.noLines')} /> }}
      />
    </>
  );
}
