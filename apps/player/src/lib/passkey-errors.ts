import i18next from 'i18next';
import en from '@wallet/web-core/locales/en/passkey-errors.json';
import la from '@wallet/web-core/locales/la/passkey-errors.json';
import th from '@wallet/web-core/locales/th/passkey-errors.json';

/**
 * The passkey error texts ride in the passkey chunks, not in the first load (docs/decisions/0040-passkeys.md): they
 * join the `errors` namespace of every language once a passkey chunk loads.
 */
for (const [language, texts] of Object.entries({ th, la, en })) {
  i18next.addResources(language, 'errors', texts);
}
