// The public face of the `responsible-play` module: the guards the money paths call before money goes in
// (docs/responsible-play.md §4, docs/decisions/0039). Its routes are wired by responsible-play.module.ts (ADR 0028).
export { assertMayDeposit, assertMayPlay, assertNoBreak, depositHoldReason } from './guards.ts';
