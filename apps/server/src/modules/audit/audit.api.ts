// The public face of the audit module: the hash-chained audit log every operator change writes to.
export { appendAudit, AUDIT_GENESIS, type AuditActor, type AuditEntry } from './audit-log.ts';
export { auditRowsFor, verifyAuditChain, type AuditVerification } from './audit-verify.ts';
export { auditModule } from './audit.routes.ts';
