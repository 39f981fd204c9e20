import {
  CONSOLE_ONLY_ERROR_CODES,
  ERROR_CODES,
  ERROR_REASONS,
  GONE_MESSAGE,
  INVALID_TOKEN_MESSAGE,
  PASSKEY_ERROR_CODES,
  SLIP_FAILURE_REASONS,
} from '@wallet/contract/errors';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR, TIMEOUT_ERROR } from '@wallet/web-core/api-client';
import enPasskeyErrors from '@wallet/web-core/locales/en/passkey-errors.json';
import laPasskeyErrors from '@wallet/web-core/locales/la/passkey-errors.json';
import thPasskeyErrors from '@wallet/web-core/locales/th/passkey-errors.json';
import { resources } from './resources.ts';

const passkeyErrors: Record<string, Record<string, string>> = {
  th: thPasskeyErrors,
  la: laPasskeyErrors,
  en: enPasskeyErrors,
};

type Tree = { [key: string]: string | Tree };
const LANGUAGES = ['th', 'la', 'en'] as const;

/** Every leaf as `a.b.c` → value. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}
const leaves = (language: (typeof LANGUAGES)[number], ns: string) =>
  flatten((resources[language] as unknown as Record<string, Tree>)[ns] ?? {});

const THAI = /[\u0E00-\u0E7F]/;
const LAO = /[\u0E80-\u0EFF]/;
/** language names are written in their own script in every catalogue */
const isAutonym = (key: string) => key.startsWith('language.') && key !== 'language.label';

describe('error catalogue', () => {
  const transport = [NETWORK_ERROR, TIMEOUT_ERROR, INVALID_TOKEN_MESSAGE, GONE_MESSAGE];
  // the console's own codes live in its catalogue (web-core locales/<lang>/console-errors.json), the passkey codes in
  // theirs, which the passkey chunks add (docs/decisions/0040-passkeys.md)
  const playerCodes = ERROR_CODES.filter(
    (code) => !CONSOLE_ONLY_ERROR_CODES.includes(code) && !PASSKEY_ERROR_CODES.includes(code),
  );
  it.each(LANGUAGES)('%s has a message for every passkey code in its passkey catalogue', (language) => {
    const texts = passkeyErrors[language] ?? {};
    expect(PASSKEY_ERROR_CODES.filter((code) => !texts[code]?.trim())).toEqual([]);
    expect(Object.keys(texts).sort()).toEqual([...PASSKEY_ERROR_CODES].sort());
  });
  it.each(LANGUAGES)(
    '%s has a message for every ERROR_CODES entry a player can receive, error reason, slip reason and transport code',
    (language) => {
      const errors = leaves(language, 'errors');
      const missing = [
        ...[...playerCodes, ...transport].filter((code) => !errors.get(code)?.trim()),
        ...SLIP_FAILURE_REASONS.filter((reason) => !errors.get(`slip.${reason}`)?.trim()),
        ...Object.entries(ERROR_REASONS)
          .filter(([code]) => playerCodes.includes(code as (typeof ERROR_CODES)[number]))
          .flatMap(([code, reasons]) =>
            reasons.map((reason) => `reason.${code}.${reason}`).filter((key) => !errors.get(key)?.trim()),
          ),
      ];
      expect(missing).toEqual([]);
    },
  );
});

/** Every namespace of any language (th, la and en must hold the same ones). */
const NAMESPACES = [...new Set(LANGUAGES.flatMap((language) => Object.keys(resources[language])))].sort();

describe('namespaces', () => {
  it('th, la and en hold the same namespaces, the shared errors namespace included', () => {
    for (const language of LANGUAGES) expect(Object.keys(resources[language]).sort(), language).toEqual(NAMESPACES);
    expect(NAMESPACES).toEqual(expect.arrayContaining(['common', 'errors', 'wallet']));
  });
});

describe.each(NAMESPACES)('%s catalogues', (ns) => {
  it('th, la and en have identical key sets', () => {
    const [th, la, en] = LANGUAGES.map((language) => [...leaves(language, ns).keys()].sort());
    expect(la).toEqual(th);
    expect(en).toEqual(th);
  });

  it('Thai is written in Thai script and Lao in Lao script', () => {
    for (const [key, value] of leaves('th', ns)) {
      if (isAutonym(key) || !/\p{L}{3}/u.test(value) || /^[\x20-\x7E]+$/.test(value)) continue;
      expect.soft(LAO.test(value), `th ${key} has Lao letters`).toBe(false);
    }
    for (const [key, value] of leaves('la', ns)) {
      if (isAutonym(key)) continue;
      expect.soft(THAI.test(value), `la ${key} has Thai letters: ${value}`).toBe(false);
    }
  });

  it('has no empty strings', () => {
    for (const language of LANGUAGES)
      for (const [key, value] of leaves(language, ns)) expect.soft(value.trim(), `${language} ${key}`).not.toBe('');
  });
});

/**
 * A feature's own namespaces (docs/i18n.md): `features/<f>/locales/<lang>.json` and, for a second one,
 * `features/<f>/locales/<namespace>/<lang>.json` — th, la and en, the same keys, none empty.
 */
const featureFiles = import.meta.glob<Tree>('../features/*/locales/{*.json,*/*.json}', {
  eager: true,
  import: 'default',
});
const featureCatalogues = Object.entries(featureFiles).reduce<Record<string, Partial<Record<string, Tree>>>>(
  (byFolder, [file, tree]) => {
    const folder = file.slice(0, file.lastIndexOf('/'));
    const language = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
    byFolder[folder] = { ...byFolder[folder], [language]: tree };
    return byFolder;
  },
  {},
);

describe('feature catalogues', () => {
  it('are found (the glob follows the convention)', () => {
    expect(Object.keys(featureCatalogues)).toEqual(
      expect.arrayContaining(['../features/chat/locales', '../features/deposit/locales/bonusChoice']),
    );
  });

  it.each(Object.entries(featureCatalogues))('%s: th, la and en only, identical keys, none empty', (_, files) => {
    expect(Object.keys(files).sort()).toEqual([...LANGUAGES].sort());
    const [th, la, en] = LANGUAGES.map((language) => flatten(files[language] ?? {}));
    // plural forms differ by language (English has `_one`, Thai and Lao `_other` only): compare the keys without them
    const keys = (leaves?: Map<string, string>) => [
      ...new Set([...(leaves?.keys() ?? [])].map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ''))),
    ];
    expect(keys(la).sort()).toEqual(keys(th).sort());
    expect(keys(en).sort()).toEqual(keys(th).sort());
    for (const [language, leaves] of [
      ['th', th],
      ['la', la],
      ['en', en],
    ] as const)
      for (const [key, value] of leaves ?? []) expect.soft(value.trim(), `${language} ${key}`).not.toBe('');
    for (const [key, value] of la ?? [])
      if (!/^languages?\./.test(key)) expect.soft(THAI.test(value), `la ${key} has Thai letters: ${value}`).toBe(false);
  });
});
