// The public face of the content module: banks, sources and the other /api/lookup/* read models.
export { contentModule } from './content.routes.ts';
export { isSlipUploadOpen } from './slip-window.ts';
