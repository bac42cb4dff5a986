import { contractMachine, type DecimalPlaces, type PriceBreak } from '@concord/shared';
import { Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components/StatusTag.tsx';
import { numberFormat } from '../../lib/numbers.ts';

/** A contract's status, coloured and named as components/statusStyles.ts has it. */
export function ContractStatusTag({ status }: { status: number }) {
  return <StatusTag machine={contractMachine} status={status} />;
}

/** The share of a cap already ordered, as a whole percent (0–100); null without a cap. */
export function orderedPercent(ordered: string, cap: string | null): number | null {
  if (cap === null) return null;
  const c = Number(cap);
  const o = Number(ordered);
  if (!Number.isFinite(c) || !Number.isFinite(o) || c <= 0) return null;
  return Math.min(100, Math.floor((o / c) * 100));
}

/**
 * What has been ordered against a cap (a line's quantity, the contract's amount): the figures and a
 * progress bar; without a cap the figure alone. `format` writes a figure (quantity or money).
 */
export function OrderedProgress({
  ordered,
  cap,
  places,
  format,
}: {
  ordered: string;
  cap: string | null;
  places: DecimalPlaces;
  format?: (value: string) => string;
}) {
  const { t } = useTranslation();
  const { fmt } = numberFormat(places);
  const write = format ?? ((v: string) => fmt(v, 'quantity'));
  const percent = orderedPercent(ordered, cap);
  if (cap === null || percent === null) return <span>{write(ordered)}</span>;
  const text = t('contracts.detail.ordered', { ordered: write(ordered), cap: write(cap) });
  return (
    <Space orientation="vertical" size={0} style={{ width: '100%' }}>
      <Typography.Text style={{ fontSize: 12 }}>{text}</Typography.Text>
      <Progress
        percent={percent}
        size="small"
        status={percent >= 100 ? 'exception' : 'normal'}
        aria-label={text}
        showInfo={false}
      />
    </Space>
  );
}

/** A line's price breaks, one per row: "from 5,000: 2.92". */
export function PriceBreaks({ breaks, places }: { breaks: PriceBreak[]; places: DecimalPlaces }) {
  const { t } = useTranslation();
  const { fmt } = numberFormat(places);
  if (!breaks.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      {breaks.map((b) => (
        <span key={b.minQty}>
          {t('contracts.detail.breakText', { qty: fmt(b.minQty, 'quantity'), price: fmt(b.price, 'price') })}
        </span>
      ))}
    </Space>
  );
}
