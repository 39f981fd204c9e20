// The public face of the audit module: the hash-chained audit log every operator change writes to.
export { appendAudit, type AuditActor } from './audit-log.ts';
export { auditRowsFor, verifyAuditChain } from './audit-verify.ts';
// The reports page's operator activity (docs/decisions/0034-member-360-and-exports.md).
export { operatorActivity } from './audit-figures.ts';
