// The public face of the auth module: player sessions, passwords, login (with its throttling), operator sessions.
// The operator routes and the demo operators are wired by auth.module.ts (docs/decisions/0028-module-seams.md).
export { SessionService, type AuthMember, type SessionMembers } from './session.service.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { LoginService } from './login.service.ts';
export { holdsAnyRole, OperatorSessionService, type AuthOperator } from './operator-sessions.ts';
export {
  activeMembersByDay,
  liveSessionIdByPrefix,
  memberSessionHistory,
  revokeMemberSessionsIn,
  SESSION_ID_SHOWN,
} from './member-sessions-admin.ts';
export { distinctActiveMembers } from './active-members.ts';
export { totpCode } from './totp.ts';
export { deviceFingerprints } from './device-fingerprints.ts';
export { sharedSessionAddresses } from './shared-addresses.ts';
// The member 360 page's linked members (docs/decisions/0034-member-360-and-exports.md).
export { membersSharingAddresses } from './address-links.ts';
// The chat's agents: whom a conversation can be given to (docs/decisions/0035-chat-team-and-api-client.md).
export { operatorsWithRoles, operatorUsernames } from './chat-agents.ts';
// A password reset removes the member's passkeys (docs/decisions/0040-passkeys.md).
export { removeMemberPasskeys } from './passkeys-removal.ts';
// The reality check's session start (docs/responsible-play.md §6).
export { sessionStartedAt } from './session-start.ts';
