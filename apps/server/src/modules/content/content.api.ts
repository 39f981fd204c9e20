// The public face of the content module: banks, sources and the other /api/lookup/* read models.
export { contentModule } from './content.routes.ts';
export { contentLanguageOf, requestLanguage, type ContentLanguage } from './content-language.ts';
export { isSlipUploadOpen } from './slip-window.ts';
export { bankNameTH, bankNamesTH, findActiveBank, sourceExists, type BankRow } from './content.repository.ts';
