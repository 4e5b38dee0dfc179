import { describe, expect, it } from 'vitest';
import { chooseLocale, isRightToLeft, matchLocale } from './locales.ts';

describe('matchLocale', () => {
  it('reads exact codes, regions and scripts', () => {
    expect(matchLocale('vi')).toBe('vi');
    expect(matchLocale('vi-VN')).toBe('vi');
    expect(matchLocale('pt-br')).toBe('pt-BR');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('zh-Hans-CN')).toBe('zh-CN');
    expect(matchLocale('zh-Hant')).toBe('zh-TW');
    expect(matchLocale('zh-HK')).toBe('zh-TW');
    expect(matchLocale('de_AT')).toBe('de');
  });

  it('answers nothing for languages the app does not speak', () => {
    expect(matchLocale('pl')).toBeUndefined();
    expect(matchLocale('')).toBeUndefined();
    expect(matchLocale(null)).toBeUndefined();
  });
});

describe('chooseLocale', () => {
  it("prefers a link's lang, then the stored choice, then the browser's languages", () => {
    expect(chooseLocale({ urlLang: 'ja', stored: 'ko', browser: ['de'] })).toBe('ja');
    expect(chooseLocale({ urlLang: 'xx', stored: 'ko', browser: ['de'] })).toBe('ko');
    expect(chooseLocale({ urlLang: null, stored: null, browser: ['pl-PL', 'tr-TR'] })).toBe('tr');
    expect(chooseLocale({ urlLang: null, stored: null, browser: ['pl'] })).toBe('en');
  });

  it('marks Arabic right to left', () => {
    expect(isRightToLeft('ar')).toBe(true);
    expect(isRightToLeft('vi')).toBe(false);
  });
});
