import DOMPurify from 'dompurify';

/**
 * The allow-list of the server's sanitizer (apps/server/src/platform/sanitize.ts), applied in the
 * browser by DOMPurify where HTML from elsewhere meets the page: stored notices before they are shown
 * (sanitized on write already, this is defence in depth) and pasted HTML before the editor parses it
 * (Chromium runs the parse in a document where an `onerror` handler is only stopped by the content
 * security policy). DOMPurify parses in an inert document.
 */
const RICH_TEXT = {
  ALLOWED_TAGS: [
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
  ],
  ALLOWED_ATTR: ['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'start'],
  // DOMPurify's own pattern narrowed to the server's schemes: http(s), mail, phone, or no scheme at all.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

export const sanitizeRichText = (html: string): string => DOMPurify.sanitize(html, RICH_TEXT);
