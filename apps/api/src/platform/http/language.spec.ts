import { describe, expect, it } from 'vitest';
import { requestLanguage } from './language.js';

describe('requestLanguage', () => {
  it('takes the most preferred Chinese or English tag of Accept-Language', () => {
    expect(requestLanguage('en-GB,en;q=0.9,zh-CN;q=0.5', 'zh-CN')).toBe('en');
    expect(requestLanguage('zh-CN', 'en')).toBe('zh');
    expect(requestLanguage('zh-TW;q=0.4, en;q=0.8', null)).toBe('en');
    expect(requestLanguage('fr-FR, zh;q=0.7', 'en')).toBe('zh');
  });

  it("falls back to the member's locale (zh-CN by default) without a usable tag", () => {
    expect(requestLanguage(undefined, 'en')).toBe('en');
    expect(requestLanguage('fr-FR,de;q=0.8', 'en-US')).toBe('en');
    expect(requestLanguage('', 'zh-CN')).toBe('zh');
    expect(requestLanguage('*', null)).toBe('zh');
    expect(requestLanguage('en;q=0', 'zh-CN')).toBe('zh');
  });
});
