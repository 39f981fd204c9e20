// The public face of the `spin-wheel` module: wheels, coins, draws, coupons (docs/design.md §9.7). Other modules import
// only this file (eslint/server-boundaries.js); its routes are wired by spin-wheel.module.ts
// (docs/decisions/0028-module-seams.md).
export { grantCoins } from './coins.ts';
