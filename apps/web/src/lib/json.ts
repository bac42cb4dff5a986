/**
 * JSON.parse that keeps integers beyond Number.MAX_SAFE_INTEGER as strings. Ids are 64-bit; the
 * server already sends them as strings, but a number that slips through must not lose digits.
 */
export function parseJson(text: string): unknown {
  return JSON.parse(quoteUnsafeIntegers(text));
}

const UNSAFE_DIGITS = 16;

function quoteUnsafeIntegers(text: string): string {
  if (!/\d{16}/.test(text)) return text;
  let out = '';
  let i = 0;
  let inString = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (inString) {
      out += ch;
      if (ch === '\\') {
        out += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (ch === '"') inString = false;
      i++;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
      i++;
      continue;
    }
    if (ch === '-' || (ch >= '0' && ch <= '9')) {
      const match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400))!;
      const literal = match[0];
      const isInteger = !match[1] && !match[2];
      const digits = literal.replace('-', '');
      out +=
        isInteger && digits.length >= UNSAFE_DIGITS && !Number.isSafeInteger(Number(literal))
          ? `"${literal}"`
          : literal;
      i += literal.length;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}
