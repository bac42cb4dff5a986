/**
 * What rich text (notice bodies) may hold: one allow-list for the server's sanitizer (sanitize-html,
 * apps/server/src/platform/sanitize.ts) and the browser's (DOMPurify, features/notices/richText.ts).
 */
export const RICH_TEXT_TAGS: readonly string[] = [
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
];

/** The attributes each tag keeps; every other attribute is dropped. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
};

/** Link schemes: the web, mail and phone (images take a path on this site only). */
export const RICH_TEXT_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];
