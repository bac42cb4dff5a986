import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '@concord/shared';
import sanitize, { type Attributes, type IOptions, type Tag } from 'sanitize-html';

/**
 * Rich text is sanitized on write (ARCHITECTURE §5, QUALITY I-04) by the maintained `sanitize-html`
 * package: the input is parsed and the output rebuilt from the allow-list below — allowed tags with
 * allowed attributes, every text and attribute value escaped — so nothing of the input reaches the
 * output verbatim. The allow-list is shared with the browser (packages/shared rich-text.ts); the parsing
 * and URL checks are the package's.
 * The web's editor (features/notices/RichTextEditor.tsx) produces a subset of this list.
 */

/** Elements dropped together with everything inside them; other unknown tags lose only the tag. */
const DROP_WITH_CONTENT = [
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
  'option',
  'head',
];

const NUMERIC_ATTRIBUTES = ['width', 'height', 'colspan', 'rowspan', 'start'];

/** Sizes and counts are small whole numbers; anything else (`100%;x`, `1e9`) is dropped. */
function keepNumbers(tagName: string, attribs: Attributes): Tag {
  const kept: Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (!NUMERIC_ATTRIBUTES.includes(name)) kept[name] = value;
    else if (/^\d{1,4}$/.test(value.trim())) kept[name] = value.trim();
  }
  return { tagName, attribs: kept };
}

/**
 * A link may open a new tab, and then it never hands the opened page a handle on ours: the `rel` is
 * always ours, never the author's.
 */
function linkTarget(tagName: string, attribs: Attributes): Tag {
  const { rel: _authorRel, target, ...rest } = attribs;
  const newTab = target?.trim().toLowerCase() === '_blank';
  return { tagName, attribs: newTab ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest };
}

const OPTIONS: IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  // Links: the web, mail and phone, or a path on this site. Images: a path on this site only (uploads
  // are linked as /gateway/system/oss/file/<key>) — the content security policy (app.ts, img-src
  // 'self') would refuse any other — so no scheme at all, and no protocol-relative address.
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  transformTags: { a: linkTarget, '*': keepNumbers },
  // An image without a usable address is dropped rather than left as a broken frame.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitized HTML: only the allow-listed tags and attributes, safe URLs, balanced tags, escaped text. */
export function sanitizeHtml(input: string): string {
  // PostgreSQL text cannot hold NUL, and browsers ignore it.
  const html = sanitize(input.replaceAll('\u0000', ''), OPTIONS);
  // Void elements are written `<br>` as HTML5 and the stored notices have them; the package writes
  // `<br />`. Text and attribute values in its output have `>` escaped, so ` />` only ends a tag.
  return html.replaceAll(' />', '>');
}

/** The four references sanitizeHtml writes; everything else it leaves as characters. */
const OUTPUT_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

/** The words of sanitized or raw HTML, for e-mails and previews. */
export function htmlToText(input: string): string {
  return sanitizeHtml(input)
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr|hr)[^>]*>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot);/g, (_whole, name: string) => OUTPUT_ENTITIES[name]!)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
