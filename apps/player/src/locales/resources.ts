// Every catalogue, by language and namespace. Each feature owns its namespace file.
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enAuth from './en/auth.json';
import enProfile from './en/profile.json';
import enContent from './en/content.json';
import enStatement from './en/statement.json';
import enWallet from './en/wallet.json';
import laCommon from './la/common.json';
import laErrors from './la/errors.json';
import laAuth from './la/auth.json';
import laProfile from './la/profile.json';
import laContent from './la/content.json';
import laStatement from './la/statement.json';
import laWallet from './la/wallet.json';
import thCommon from './th/common.json';
import thErrors from './th/errors.json';
import thAuth from './th/auth.json';
import thProfile from './th/profile.json';
import thContent from './th/content.json';
import thStatement from './th/statement.json';
import thWallet from './th/wallet.json';

export const resources = {
  th: { common: thCommon, errors: thErrors, auth: thAuth, profile: thProfile, content: thContent, wallet: thWallet, statement: thStatement },
  la: { common: laCommon, errors: laErrors, auth: laAuth, profile: laProfile, content: laContent, wallet: laWallet, statement: laStatement },
  en: { common: enCommon, errors: enErrors, auth: enAuth, profile: enProfile, content: enContent, wallet: enWallet, statement: enStatement },
} as const;
