import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { operatorSignIns } from '../../db/schema/auth.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { DEVICE_COOKIE_MS, DEVICE_COOKIE_PATH, readCookie, serializeCookie } from './operator-cookies.ts';
import type { OperatorLoginService, SignInOutcome } from './operator-login.service.ts';
import { isSameOriginRequest, type OperatorSessionService } from './operator-sessions.ts';

type SignInHandlers = Pick<Handlers, 'admin.auth.login' | 'admin.auth.logout' | 'admin.auth.signIns'>;

/** The console's session and CSRF cookies (with maxAgeMs 0: their deletion). */
function sessionCookies(
  sessions: OperatorSessionService,
  value: { token: string; csrf: string; maxAgeMs: number },
): string[] {
  const { cookies } = sessions;
  const common = { path: '/', maxAgeMs: value.maxAgeMs, isSecure: cookies.isSecure };
  return [
    serializeCookie(cookies.session, value.token, { ...common, httpOnly: true }),
    // readable by the console's script (it sends it back as X-CSRF-Token); useless to a page elsewhere
    serializeCookie(cookies.csrf, value.csrf, { ...common, httpOnly: false }),
  ];
}

const cookieOf = (request: FastifyRequest, name: string) => readCookie(request.headers.cookie, name);

/**
 * Sign-in, sign-out and the sign-in log (docs/decisions/0021-operator-console-session.md). With `session: 'cookie'`
 * the console gets its session as cookies (one per browser: a sign-in ends the browser's previous session) and no
 * token in the answer; without it an API client gets the token. Both get the renewed device cookie.
 */
export function signInHandlers(ctx: AppContext, login: OperatorLoginService): SignInHandlers {
  const sessions = ctx.operatorSessions;
  return {
    'admin.auth.login': async ({ body, request, reply }) => {
      const isCookie = body.session === 'cookie';
      // a page elsewhere must not sign this browser in (to an account of its choosing)
      if (isCookie && !isSameOriginRequest(request)) throw new AppError('CSRF_REFUSED');
      const result = await login.login(body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        deviceMark: cookieOf(request, sessions.cookies.device),
      });
      if ('enrolment' in result) return { enrolment: result.enrolment };
      const device = serializeCookie(sessions.cookies.device, result.deviceMark, {
        path: DEVICE_COOKIE_PATH,
        maxAgeMs: DEVICE_COOKIE_MS,
        httpOnly: true,
        isSecure: sessions.cookies.isSecure,
      });
      if (!isCookie) {
        reply.header('set-cookie', [device]);
        return { token: result.token };
      }
      const previous = cookieOf(request, sessions.cookies.session);
      const previousId = previous ? await sessions.sessionIdOf(previous) : null;
      if (previousId && previousId !== result.sessionId) await sessions.revoke(previousId);
      const maxAgeMs = result.expiresAt.getTime() - ctx.clock.now().getTime();
      const csrf = sessions.csrfToken(result.sessionId);
      reply.header('set-cookie', [...sessionCookies(sessions, { token: result.token, csrf, maxAgeMs }), device]);
      return { signedIn: true as const };
    },
    'admin.auth.logout': async ({ operator, reply }) => {
      await sessions.revoke(operator.sessionId);
      reply.header('set-cookie', sessionCookies(sessions, { token: '', csrf: '', maxAgeMs: 0 }));
      return { message: 'SUCCESS' };
    },
    'admin.auth.signIns': async ({ operator, query }) => {
      const isAdmin = operator.roles.includes('admin');
      const username = isAdmin ? query.username?.toLowerCase() : operator.username;
      const where: SQL[] = [];
      if (username) where.push(eq(operatorSignIns.username, username));
      if (query.outcome) where.push(eq(operatorSignIns.outcome, query.outcome));
      if (query.from) where.push(gte(operatorSignIns.at, new Date(query.from)));
      if (query.to) where.push(lt(operatorSignIns.at, new Date(query.to)));
      const filter = where.length > 0 ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(operatorSignIns)
          .where(filter)
          .orderBy(desc(operatorSignIns.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        ctx.db.select({ n: count() }).from(operatorSignIns).where(filter),
      ]);
      return {
        rows: rows.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          username: r.username,
          outcome: r.outcome as SignInOutcome,
          knownDevice: r.knownDevice,
          ip: r.ip,
          userAgent: r.userAgent,
        })),
        total: total?.n ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
