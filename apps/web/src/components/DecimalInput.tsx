import { InputNumber, type InputNumberProps } from 'antd';

type Passed = Omit<
  InputNumberProps<string>,
  'stringMode' | 'value' | 'onChange' | 'min' | 'max' | 'step' | 'precision'
>;

export interface DecimalInputProps extends Passed {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The places the document allows for this kind of value (quantity, price, amount; 4 for a rate). */
  places: number;
  min?: string;
  max?: string;
}

/**
 * A quantity, price, rate or amount typed as decimal text (issue 16): antd's string mode keeps every
 * digit of 10^12 with 6 places, and the value leaves as the string the API expects, never a JS number.
 */
export function DecimalInput({ places, value, onChange, min, max, style, ...rest }: DecimalInputProps) {
  return (
    <InputNumber<string>
      {...rest}
      stringMode
      value={value ?? null}
      min={min}
      max={max}
      step={places > 0 ? `0.${'1'.padStart(places, '0')}` : '1'}
      precision={places}
      style={{ width: '100%', ...style }}
      onChange={(v) => onChange?.(v === null || v === '' ? null : String(v))}
    />
  );
}
