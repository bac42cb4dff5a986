import type { TextEntry } from './types.ts';

/**
 * What the server writes for people about client errors (issue 17); keys are `domain.event`. The
 * report's own words (message, address, browser, stacks) are shown as the browser gave them.
 */
export const CLIENT_ERROR_TEXTS = {
  /** First line what failed and where, as the operation-log list shows it; the detail follows. */
  'clientErrors.reported': {
    'en-US': '{{message}} ({{url}})\nBrowser: {{browser}}\n{{stack}}{{componentStack}}',
    'zh-CN': '{{message}}（{{url}}）\n浏览器：{{browser}}\n{{stack}}{{componentStack}}',
    'zh-TW': '{{message}}（{{url}}）\n瀏覽器：{{browser}}\n{{stack}}{{componentStack}}',
  },
  /** The React component stack of an error a screen raised while rendering, after the stack. */
  'clientErrors.componentStack': {
    'en-US': '\nComponent stack:\n{{stack}}',
    'zh-CN': '\n组件堆栈：\n{{stack}}',
    'zh-TW': '\n元件堆疊：\n{{stack}}',
  },
  'clientErrors.unknownBrowser': { 'en-US': 'unknown', 'zh-CN': '未知', 'zh-TW': '未知' },
} as const satisfies Record<string, TextEntry>;
