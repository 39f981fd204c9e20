// The public face of the `referral` module: invite links and commissions, and the banners of the invite and refund
// modals (DESIGN.md §9.6). Other modules import only this file (eslint/server-boundaries.js).
export { referralModule } from './referral.routes.ts';
/** The wallet's `invite.success` / `invite.fail` counts. */
export { inviteCounts } from './invite.service.ts';
