/**
 * Rich text is sanitized on write (ARCHITECTURE §5, QUALITY I-04). No sanitizer package is installed,
 * so this is a strict allow-list: the input is tokenized and the output is rebuilt from scratch —
 * allowed tags re-emitted with allowed attributes, every text and attribute value escaped — so nothing
 * of the input reaches the output verbatim. A parsing quirk can lose formatting, never smuggle markup.
 */

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'span',
  'div',
  'hr',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);

const VOID_TAGS = new Set(['br', 'hr', 'img']);

/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'select',
  'head',
]);

/** Their content is raw text up to the closing tag, as browsers parse them. */
const RAW_TEXT = new Set(['script', 'style', 'iframe', 'noscript', 'noembed', 'noframes', 'textarea', 'title', 'xmp']);

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
};

const NUMERIC_ATTRIBUTES = new Set(['width', 'height', 'colspan', 'rowspan', 'start']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
};

/** Decodes character references the way a browser would before it looks at a URL's scheme. */
function decodeEntities(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);?/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Text keeps its character references (they are inert in text) and loses everything that could open markup. */
function cleanText(raw: string): string {
  return escapeText(decodeEntities(raw));
}

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * A link or image address is kept only when its scheme is one we trust, or when it has none (a path
 * on this site). Control characters and whitespace are removed first, as browsers ignore them in
 * schemes (`java\tscript:`).
 */
export function safeUrl(raw: string, kind: 'link' | 'image' = 'link'): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g, '');
  if (!url) return null;
  const scheme = url.match(/^([^/?#]*?):/)?.[1];
  if (scheme === undefined) {
    // Protocol-relative addresses leave the site; other schemeless ones stay on it.
    if (url.startsWith('//') || url.startsWith('\\'))
      return kind === 'link' ? url.replace(/^[/\\]+/, 'https://') : null;
    return url;
  }
  const lower = scheme.toLowerCase();
  if (kind === 'image') return lower === 'http' || lower === 'https' ? url : null;
  return SAFE_SCHEMES.has(lower) ? url : null;
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: [string, string][];
  end: number;
}

/** Reads one tag starting at `<`; null when what follows is not a tag (then `<` is text). */
function readTag(html: string, start: number): Tag | null {
  let i = start + 1;
  const closing = html[i] === '/';
  if (closing) i++;
  const nameMatch = /^[a-zA-Z][a-zA-Z0-9:-]*/.exec(html.slice(i, i + 64));
  if (!nameMatch) return null;
  const name = nameMatch[0].toLowerCase();
  i += nameMatch[0].length;
  const attributes: [string, string][] = [];
  while (i < html.length) {
    while (i < html.length && /[\s/]/.test(html[i]!)) i++;
    if (i >= html.length) return null;
    if (html[i] === '>') return { name, closing, attributes, end: i + 1 };
    const attrName = /^[^\s/>=]+/.exec(html.slice(i))?.[0] ?? html[i]!;
    i += attrName.length;
    while (i < html.length && /\s/.test(html[i]!)) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < html.length && /\s/.test(html[i]!)) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close === -1) return null;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const unquoted = /^[^\s>]*/.exec(html.slice(i))?.[0] ?? '';
        value = unquoted;
        i += unquoted.length;
      }
    }
    attributes.push([attrName.toLowerCase(), value]);
  }
  return null;
}

function renderAttributes(tag: string, attributes: [string, string][]): string | null {
  const allowed = ALLOWED_ATTRIBUTES[tag] ?? [];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const [name, raw] of attributes) {
    if (!allowed.includes(name) || seen.has(name)) continue;
    seen.add(name);
    let value: string | null = decodeEntities(raw);
    if (name === 'href') value = safeUrl(raw, 'link');
    else if (name === 'src') value = safeUrl(raw, 'image');
    else if (NUMERIC_ATTRIBUTES.has(name)) value = /^\d{1,4}$/.test(value.trim()) ? value.trim() : null;
    else if (name === 'target') value = value === '_blank' ? '_blank' : null;
    if (value === null) continue;
    out.push(`${name}="${escapeAttribute(value)}"`);
  }
  // An image without a usable address is dropped rather than left as a broken frame.
  if (tag === 'img' && !out.some((a) => a.startsWith('src='))) return null;
  if (tag === 'a' && out.some((a) => a.startsWith('target='))) out.push('rel="noopener noreferrer"');
  return out.length ? ` ${out.join(' ')}` : '';
}

/** Sanitized HTML: only the allow-listed tags and attributes, safe URLs, balanced tags, escaped text. */
export function sanitizeHtml(input: string): string {
  const html = input.replaceAll('\u0000', '');
  const out: string[] = [];
  const open: string[] = [];
  let i = 0;
  let textStart = 0;
  const flushText = (end: number) => {
    if (end > textStart) out.push(cleanText(html.slice(textStart, end)));
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    if (html.startsWith('<!--', lt)) {
      flushText(lt);
      const close = html.indexOf('-->', lt + 4);
      i = close === -1 ? html.length : close + 3;
      textStart = i;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      // Doctype, CDATA and processing instructions are dropped.
      flushText(lt);
      const close = html.indexOf('>', lt);
      i = close === -1 ? html.length : close + 1;
      textStart = i;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      i = lt + 1;
      continue;
    }
    flushText(lt);
    i = tag.end;
    textStart = i;
    if (DROP_WITH_CONTENT.has(tag.name)) {
      if (tag.closing) continue;
      // Skip to the matching close tag; raw-text elements cannot nest, the others are skipped by depth.
      const closeRe = new RegExp(`</${tag.name}[\\s/>]`, 'i');
      if (RAW_TEXT.has(tag.name)) {
        const m = closeRe.exec(html.slice(i));
        i = m ? i + m.index + m[0].length : html.length;
        if (m && !m[0].endsWith('>')) i = html.indexOf('>', i - 1) + 1 || html.length;
      } else {
        let depth = 1;
        const anyRe = new RegExp(`<(/?)${tag.name}[\\s/>]`, 'ig');
        anyRe.lastIndex = i;
        let m: RegExpExecArray | null = anyRe.exec(html);
        while (m && depth > 0) {
          depth += m[1] ? -1 : 1;
          if (depth > 0) m = anyRe.exec(html);
        }
        i = m ? html.indexOf('>', m.index) + 1 || html.length : html.length;
      }
      textStart = i;
      continue;
    }
    if (!ALLOWED_TAGS.has(tag.name)) continue;
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at === -1) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    const attributes = renderAttributes(tag.name, tag.attributes);
    if (attributes === null) continue;
    out.push(`<${tag.name}${attributes}>`);
    if (!VOID_TAGS.has(tag.name)) open.push(tag.name);
  }
  flushText(html.length);
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}

/** The words of sanitized or raw HTML, for e-mails and previews. */
export function htmlToText(input: string): string {
  return decodeEntities(
    sanitizeHtml(input)
      .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr|hr)[^>]*>/gi, '\n')
      .replace(/<li[^>]*>/gi, '• ')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
