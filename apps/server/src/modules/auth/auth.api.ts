// The public face of the auth module: player sessions, passwords, login (with its throttling).
export {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SessionService,
  type AuthMember,
  type SessionMembers,
} from './session.service.ts';
export { dummyPasswordHash, hashPassword, verifyPassword } from './password.ts';
export {
  KNOWN_IP_MS,
  LOGIN_IP_RULE,
  LOGIN_PAIR_RULE,
  LOGIN_PHONE_RULE,
  LoginService,
  type LoginAccounts,
  type LoginDeps,
} from './login.service.ts';
export {
  holdsAnyRole,
  OPERATOR_SESSION_ABSOLUTE_MS,
  OPERATOR_SESSION_IDLE_MS,
  OperatorSessionService,
  type AuthOperator,
} from './operator-sessions.ts';
export { createOperatorsModule, operatorsModule, type OperatorsModuleOptions } from './operators.routes.ts';
export { DEMO_OPERATOR, DEMO_SECOND_ADMIN, seedDemoOperator } from './demo-operator.ts';
export {
  activeMembersByDay,
  liveSessionIdByPrefix,
  memberSessionHistory,
  revokeMemberSessionsIn,
  SESSION_ID_SHOWN,
  type MemberSessionRow,
} from './member-sessions-admin.ts';
export { totpCode } from './totp.ts';
export { deviceFingerprints } from './device-fingerprints.ts';
export { sharedSessionAddresses } from './shared-addresses.ts';
// The member 360 page's linked members (docs/decisions/0034-member-360-and-exports.md).
export { membersSharingAddresses } from './address-links.ts';
