// Every catalogue, by language and namespace. Each feature owns its namespace file.
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import laCommon from './la/common.json';
import laErrors from './la/errors.json';
import thCommon from './th/common.json';
import thErrors from './th/errors.json';

export const resources = {
  th: { common: thCommon, errors: thErrors },
  la: { common: laCommon, errors: laErrors },
  en: { common: enCommon, errors: enErrors },
} as const;
