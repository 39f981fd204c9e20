// The public face of the `spin-wheel` module: wheels, coins, draws, coupons (DESIGN.md §9.7). Other modules import
// only this file (eslint/server-boundaries.js).
export { coinBalance, grantCoins } from './coins.ts';
export { createSpinWheelModule, spinWheelModule } from './spin-wheel.routes.ts';
