import { LANGUAGE_COOKIE } from '@concord/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeCookie } from '../lib/cookies.ts';
import { initialLocale } from './i18n.ts';

function setCookie(value: string | null) {
  if (value === null) writeCookie(LANGUAGE_COOKIE, '', 0);
  else writeCookie(LANGUAGE_COOKIE, value);
}

describe('language resolution', () => {
  afterEach(() => {
    setCookie(null);
    vi.restoreAllMocks();
  });

  it('takes the cookie first', () => {
    setCookie('zh-TW');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    expect(initialLocale()).toBe('zh-TW');
  });

  it('falls back to the browser languages in order', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'zh-HK', 'en']);
    expect(initialLocale()).toBe('zh-TW');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh']);
    expect(initialLocale()).toBe('zh-CN');
  });

  it('ends with English', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'de']);
    expect(initialLocale()).toBe('en-US');
  });

  it('ignores a cookie naming a language we do not offer', () => {
    setCookie('fr-FR');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN']);
    expect(initialLocale()).toBe('zh-CN');
  });
});
