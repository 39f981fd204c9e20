// The public face of the `referral` module: invite links and commissions, and the banners of the invite and refund
// modals (docs/design.md §9.6). Other modules import only this file (eslint/server-boundaries.js); its routes are wired by
// referral.module.ts (docs/decisions/0028-module-seams.md).
/** The wallet's `invite.success` / `invite.fail` counts. */
export { inviteCounts } from './invite.service.ts';
