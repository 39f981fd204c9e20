// The public face of the `backoffice` module: dashboards and reports that span modules, read models only
// (docs/design.md §9.1), and the ledger invariant check's run (bootstrap/ledger-check.ts). Its routes are wired by
// backoffice.module.ts (docs/decisions/0028-module-seams.md).
export { runLedgerCheck } from './reconciliation.ts';
