import { DECIMAL_TEXT, type DecimalText } from './money.ts';

/**
 * An amount in Chinese capital numerals (大写金额), as finance writes it on orders, cheques and 发票: the
 * form that cannot be altered by adding a stroke. It follows the rules of the People's Bank's
 * 《支付结算办法》: one 零 for a run of zeros inside the number (壹佰零伍元, 壹万零壹元), none for zeros at
 * the end of a 万/亿 group (壹拾万壹仟元), 壹拾 rather than 拾, and 整 when there is no 分. Worked on the
 * digits of the decimal text, never through a JS number, so 10^12 keeps every digit.
 */

export type ChineseScript = 'simplified' | 'traditional';

interface Words {
  digits: string;
  places: readonly string[];
  /** 万 and 亿: 万 after positions 4 and 12 (万亿 is 万 × 亿), 亿 after position 8. */
  wan: string;
  yi: string;
  yuan: string;
  jiao: string;
  fen: string;
  whole: string;
  minus: string;
}

const PLACES = ['', '拾', '佰', '仟'] as const;

const WORDS: Record<ChineseScript, Words> = {
  simplified: {
    digits: '零壹贰叁肆伍陆柒捌玖',
    places: PLACES,
    wan: '万',
    yi: '亿',
    yuan: '元',
    jiao: '角',
    fen: '分',
    whole: '整',
    minus: '负',
  },
  traditional: {
    digits: '零壹貳參肆伍陸柒捌玖',
    places: PLACES,
    wan: '萬',
    yi: '億',
    yuan: '元',
    jiao: '角',
    fen: '分',
    whole: '整',
    minus: '負',
  },
};

/** Integer digits the units above can name: up to 9,999 万亿 (just under 10^16). */
const MAX_WHOLE_DIGITS = 16;

/**
 * The unit closing the group that ends at `position` (4, 8 or 12), or '' when it names nothing: 万 for a
 * group of four that is not all zeros, 亿 whenever anything stands at 10^8 or above (壹万亿).
 */
function groupUnit(whole: string, position: number, w: Words): string {
  const end = whole.length - position;
  if (position === 8) return /[1-9]/.test(whole.slice(0, end)) ? w.yi : '';
  return /[1-9]/.test(whole.slice(Math.max(0, end - 4), end)) ? w.wan : '';
}

/** The yuan part (no leading zeros), read from the highest digit down. */
function wholeWords(whole: string, w: Words): string {
  let out = '';
  let zero = false;
  for (let i = 0; i < whole.length; i++) {
    const position = whole.length - 1 - i;
    const digit = whole.charCodeAt(i) - 48;
    if (digit === 0) {
      zero = out !== '';
    } else {
      if (zero) out += w.digits[0];
      out += w.digits[digit] + w.places[position % 4];
      zero = false;
    }
    const unit = position > 0 && position % 4 === 0 ? groupUnit(whole, position, w) : '';
    if (unit) {
      out += unit;
      // The zero just before a 万 or 亿 is not read: 壹拾万壹仟, not 壹拾万零壹仟.
      zero = false;
    }
  }
  return out;
}

/**
 * "壹万叁仟贰佰捌拾伍元整" for "13285", "壹佰零伍元伍角整" for "105.50", "壹元零伍分" for "1.05", "零元整" for 0.
 * Throws RangeError for text that is not a decimal, for digits beyond 分 that are not zero, and past
 * 10^16.
 */
export function chineseCapitalAmount(value: DecimalText, script: ChineseScript = 'simplified'): string {
  if (!DECIMAL_TEXT.test(value)) throw new RangeError(`not a decimal: ${value}`);
  const w = WORDS[script];
  const negative = value.startsWith('-');
  const [rawWhole = '', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  if (/[1-9]/.test(fraction.slice(2))) throw new RangeError(`more places than 分: ${value}`);
  const whole = rawWhole.replace(/^0+/, '');
  if (whole.length > MAX_WHOLE_DIGITS) throw new RangeError(`too large: ${value}`);
  const jiao = (fraction.charCodeAt(0) || 48) - 48;
  const fen = (fraction.charCodeAt(1) || 48) - 48;
  if (whole === '' && jiao === 0 && fen === 0) return `${w.digits[0]}${w.yuan}${w.whole}`;

  let out = whole === '' ? '' : wholeWords(whole, w) + w.yuan;
  if (jiao !== 0) out += w.digits[jiao] + w.jiao;
  else if (fen !== 0 && out !== '') out += w.digits[0];
  out += fen !== 0 ? w.digits[fen] + w.fen : w.whole;
  return (negative ? w.minus : '') + out;
}
