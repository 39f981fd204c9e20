// The public face of the content module: banks, sources and the other /api/lookup/* read models. Its routes are
// wired by content.module.ts (docs/decisions/0028-module-seams.md).
export { requestLanguage, type ContentLanguage } from './content-language.ts';
export { bankNameTH, bankNamesTH, findActiveBank, sourceExists, type BankRow } from './content.repository.ts';
