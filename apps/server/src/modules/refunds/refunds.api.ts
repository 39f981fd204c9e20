// The public face of the `refunds` module: daily loss refunds (DESIGN.md §9.6). Other modules import only this file
// (eslint/server-boundaries.js).
export { refundsModule } from './refunds.routes.ts';
