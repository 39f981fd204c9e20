// The public face of the `backoffice` module: dashboards and reports that span modules, read models only
// (DESIGN.md §9.1), and the run history of the ledger invariant check.
export { createBackofficeModule, type BackofficeModuleOptions } from './backoffice.routes.ts';
export { ledgerCheckHistory, runLedgerCheck } from './reconciliation.ts';
