import { describe, expect, it } from 'vitest';
import { chooseLanguage, languageFromAcceptLanguage, languageFromCookie } from './ui-language';

// D29: the member's saved choice, else the visitor's cookie, else the browser's, else English.

describe('choosing the language', () => {
  it.each([
    ['id-ID,id;q=0.9,en-US;q=0.8,en;q=0.7', 'id'],
    ['en-GB,en;q=0.9,id;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,id;q=0.5', 'id'],
    ['en;q=0.2,id;q=0.8', 'id'],
    ['in-ID', 'id'],
    ['fr, de', null],
    ['id;q=0', null],
    ['', null],
  ])('Accept-Language %j reads as %s', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });

  it('reads only our cookie, and only a language of ours', () => {
    expect(languageFromCookie('a=b; rakbuku_lang=id; c=d')).toBe('id');
    expect(languageFromCookie('rakbuku_lang=fr')).toBeNull();
    expect(languageFromCookie('other_lang=id')).toBeNull();
  });

  it('the saved choice wins, then the cookie, then the browser, then English', () => {
    expect(chooseLanguage({ saved: 'id', cookie: 'rakbuku_lang=en', acceptLanguage: 'en' })).toBe('id');
    expect(chooseLanguage({ saved: null, cookie: 'rakbuku_lang=id', acceptLanguage: 'en' })).toBe('id');
    expect(chooseLanguage({ acceptLanguage: 'id-ID' })).toBe('id');
    expect(chooseLanguage({ acceptLanguage: 'fr' })).toBe('en');
    expect(chooseLanguage({})).toBe('en');
  });
});
