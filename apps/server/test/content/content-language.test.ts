import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentLanguageOf } from '../../src/modules/content/content-language.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const THAI = /[\u0E00-\u0E7F]/;
const LAO = /[\u0E80-\u0EFF]/;

describe('contentLanguageOf', () => {
  it.each([
    [undefined, 'th'],
    ['', 'th'],
    ['la', 'la'],
    ['lo-LA,lo;q=0.9', 'la'],
    ['en-US,en;q=0.9,th;q=0.8', 'en'],
    ['fr-FR, en;q=0.5, lo;q=0.8', 'la'],
    ['de, fr', 'th'],
    ['en;q=0, th', 'th'],
    [['en', 'la'], 'en'],
  ] as const)('%j → %s', (header, language) => {
    expect(contentLanguageOf(header as string | string[] | undefined)).toBe(language);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string, language?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: language ? { 'accept-language': language } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const text = (value: unknown) => JSON.stringify(value);

describe('lookups in the player language', () => {
  it.each(['/api/lookup/agreements', '/api/lookup/conditions', '/api/lookup/notice', '/api/lookup/contact'])(
    '%s answers in Thai, Lao and English',
    async (url) => {
      const th = text(await get(url));
      const la = text(await get(url, 'la'));
      const en = text(await get(url, 'en'));
      expect(th).toMatch(THAI);
      expect(la).toMatch(LAO);
      expect(la).not.toMatch(THAI);
      expect(en).not.toMatch(THAI);
      expect(en).not.toMatch(LAO);
      expect(en).toMatch(/[a-z]{3}/);
    },
  );

  it('keeps the %percentFail% placeholder in every language', async () => {
    for (const language of ['th', 'la', 'en']) {
      expect((await get('/api/lookup/notice', language)).text).toContain('%percentFail%');
    }
  });

  it('describes the sources of discovery in the requested language, brand names unchanged', async () => {
    const en = await get('/api/lookup/sources', 'en');
    const la = await get('/api/lookup/sources', 'la');
    const th = await get('/api/lookup/sources');
    const friend = (list: { code: string; description: string }[]) => list.find((s) => s.code === 'FRIEND');
    expect(friend(en)?.description).toBe('A friend told me');
    expect(friend(la)?.description).toMatch(LAO);
    expect(friend(th)?.description).toBe('เพื่อนแนะนำ');
    expect(en.find((s: { code: string }) => s.code === 'LINE')).toEqual({ code: 'LINE', description: 'LINE' });
    expect(text(en)).not.toMatch(THAI);
  });

  it('falls back to Thai for anything without a translation, and uses an operator translation when set', async () => {
    const saved = await t.ctx.settings.get('contentTranslations');
    await t.ctx.settings.set('contentTranslations', {
      en: { contactText: 'Call us any time', videos: [{ code: 'wallet', url: '/videos/en/wallet.mp4' }] },
    });
    try {
      expect((await get('/api/lookup/contact', 'en')).contactText).toBe('Call us any time');
      expect((await get('/api/lookup/info', 'en')).videos).toEqual([{ code: 'wallet', url: '/videos/en/wallet.mp4' }]);
      expect(text(await get('/api/lookup/agreements', 'en'))).toMatch(THAI);
      expect(text(await get('/api/lookup/contact', 'la'))).toMatch(THAI);
      expect((await get('/api/lookup/info', 'la')).videos).toHaveLength(5);
    } finally {
      await t.ctx.settings.set('contentTranslations', saved);
    }
  });

  it('gives every bank its Thai, English and Lao name', async () => {
    const banks = await get('/api/lookup/banks', 'en');
    for (const bank of banks) {
      expect(bank.nameTH).toMatch(THAI);
      expect(bank.nameLA).toMatch(LAO);
      expect(bank.nameEN).not.toMatch(THAI);
    }
  });
});
