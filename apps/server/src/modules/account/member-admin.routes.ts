import type { AuthOperator } from '../auth/auth.api.ts';
import { liveSessionIdByPrefix, revokeMemberSessionsIn } from '../auth/auth.api.ts';
import { appendAudit } from '../audit/audit.api.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import { AppError } from '../../errors.ts';
import { memberRecord, setMemberStatus, type MemberRecord } from './member-admin.ts';
import { setMemberRiskMark } from './member-flags.ts';
import type { Db } from '../../db/client.ts';
import { flagsView, memberSummary } from './member-views.ts';

async function requireMember(db: Db, id: number): Promise<MemberRecord> {
  const member = await memberRecord(db, id);
  if (!member) throw new AppError('NOT_FOUND');
  return member;
}

const actorOf = (o: AuthOperator) => ({ id: o.id, username: o.username });

/**
 * Operator actions on a member (`/api/admin/members/:id/*`): deactivate / reactivate (revoking every session at
 * once), flag, payout hold, revoke a session. Each writes its audit row in the transaction of the change.
 */
export const memberAdminModule: ModuleFactory = (ctx) => {
  const { db, clock } = ctx;
  return {
    name: 'member-admin',
    handlers: {
      'admin.members.setStatus': async ({ operator, params, body, request }) => {
        const revoked = await db.transaction(async (tx) => {
          const now = clock.now();
          const change = await setMemberStatus(tx, params.id, body.status, now);
          if (!change) throw new AppError('NOT_FOUND');
          const ids = body.status === 'inactive' ? await revokeMemberSessionsIn(tx, params.id, now, 'deactivated') : [];
          await appendAudit(
            tx,
            {
              actor: actorOf(operator),
              action: body.status === 'inactive' ? 'member.deactivate' : 'member.reactivate',
              target: `member:${params.id}`,
              before: { status: change.before },
              after: { status: body.status, reason: body.reason, revokedSessions: ids.length },
              ip: request.ip,
            },
            now,
          );
          return ids.length;
        });
        return { member: memberSummary(await requireMember(db, params.id)), revokedSessions: revoked };
      },
      'admin.members.setFlag': async ({ operator, params, body, request }) => {
        await requireMember(db, params.id);
        const after = await db.transaction(async (tx) => {
          const now = clock.now();
          const change = await setMemberRiskMark(tx, params.id, 'flag', body.flagged, {
            by: operator.username,
            at: now,
            reason: body.reason,
          });
          await appendAudit(
            tx,
            {
              actor: actorOf(operator),
              action: body.flagged ? 'member.flag' : 'member.unflag',
              target: `member:${params.id}`,
              before: { flagged: change.before.flagged, reason: change.before.flagReason },
              after: { flagged: body.flagged, reason: body.reason },
              ip: request.ip,
            },
            now,
          );
          return change.after;
        });
        return flagsView(after);
      },
      'admin.members.setPayoutHold': async ({ operator, params, body, request }) => {
        await requireMember(db, params.id);
        const after = await db.transaction(async (tx) => {
          const now = clock.now();
          const change = await setMemberRiskMark(tx, params.id, 'payoutHold', body.payoutHold, {
            by: operator.username,
            at: now,
            reason: body.reason,
          });
          await appendAudit(
            tx,
            {
              actor: actorOf(operator),
              action: body.payoutHold ? 'member.payoutHold.set' : 'member.payoutHold.lift',
              target: `member:${params.id}`,
              before: { payoutHold: change.before.payoutHold, reason: change.before.holdReason },
              after: { payoutHold: body.payoutHold, reason: body.reason },
              ip: request.ip,
            },
            now,
          );
          return change.after;
        });
        return flagsView(after);
      },
      'admin.members.revokeSession': async ({ operator, params, request }) => {
        await requireMember(db, params.id);
        const revoked = await db.transaction(async (tx) => {
          const now = clock.now();
          const live = await liveSessionIdByPrefix(tx, params.id, params.sid);
          if (!live) return 0;
          const ids = await revokeMemberSessionsIn(tx, params.id, now, 'operator', live);
          if (ids.length > 0) {
            await appendAudit(
              tx,
              {
                actor: actorOf(operator),
                action: 'member.session.revoke',
                target: `member:${params.id}`,
                before: { session: params.sid },
                after: { revoked: true },
                ip: request.ip,
              },
              now,
            );
          }
          return ids.length;
        });
        if (revoked === 0) throw new AppError('NOT_FOUND');
        return { message: 'SUCCESS' };
      },
    },
  };
};
