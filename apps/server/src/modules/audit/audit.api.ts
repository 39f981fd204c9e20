// The public face of the audit module: the hash-chained audit log every operator change writes to.
export { appendAudit, type AuditActor } from './audit-log.ts';
export { auditRowsFor, verifyAuditChain } from './audit-verify.ts';
