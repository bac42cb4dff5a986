import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '@concord/shared';
import DOMPurify from 'dompurify';

/**
 * The allow-list of the server's sanitizer (packages/shared rich-text.ts), applied in the
 * browser by DOMPurify where HTML from elsewhere meets the page: stored notices before they are shown
 * (sanitized on write already, this is defence in depth) and pasted HTML before the editor parses it
 * (Chromium runs the parse in a document where an `onerror` handler is only stopped by the content
 * security policy). DOMPurify parses in an inert document.
 */
const RICH_TEXT = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
  // DOMPurify's own pattern narrowed to the server's schemes: http(s), mail, phone, or no scheme at all.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

export const sanitizeRichText = (html: string): string => DOMPurify.sanitize(html, RICH_TEXT);
