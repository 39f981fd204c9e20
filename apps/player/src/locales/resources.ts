// Every catalogue, by language and namespace. Each feature owns its namespace file.
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enStatement from './en/statement.json';
import enWallet from './en/wallet.json';
import laCommon from './la/common.json';
import laErrors from './la/errors.json';
import laStatement from './la/statement.json';
import laWallet from './la/wallet.json';
import thCommon from './th/common.json';
import thErrors from './th/errors.json';
import thStatement from './th/statement.json';
import thWallet from './th/wallet.json';

export const resources = {
  th: { common: thCommon, errors: thErrors, wallet: thWallet, statement: thStatement },
  la: { common: laCommon, errors: laErrors, wallet: laWallet, statement: laStatement },
  en: { common: enCommon, errors: enErrors, wallet: enWallet, statement: enStatement },
} as const;
