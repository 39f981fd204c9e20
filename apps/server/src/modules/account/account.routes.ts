import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { subscribe } from '../../events/subscriber.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import { defineJob } from '../../jobs/job-types.ts';
import { createRateLimitStore, RateLimiter, type RateLimitStore } from '../../lib/rate-limiter.ts';
import {
  boundSmsProvider,
  HttpSmsProvider,
  unconfiguredSmsProvider,
  type SmsProvider,
} from '../../providers/sms/sms-provider.ts';
import { LoginService, removeMemberPasskeys } from '../auth/auth.api.ts';
import { OtpRepository, otpPepper, OtpService, smsLanguage } from '../otp/otp.api.ts';
import { AccountRepository } from './account.repository.ts';
import { requirePhone } from '../../lib/phone-number.ts';
import { PasswordResetService } from './password-reset.service.ts';
import { recordSecurityEvent } from './passkey-facts.ts';
import { PayoutCooling } from './payout-cooling.ts';
import { ProfileService } from './profile.service.ts';
import { RegisterService } from './register.service.ts';
import { guardProbes } from './registration-probes.ts';

export type AccountModuleOptions = {
  /** replaces the SMS gateway (tests) */
  sms?: SmsProvider;
  /** replaces the rate-limit store (default: Redis when REDIS_URL is set, else memory) */
  rateLimitStore?: RateLimitStore;
};

/** The sandbox module binds an in-process outbox; otherwise the sandbox is reached over HTTP. */
function smsFor(ctx: AppContext): SmsProvider {
  const fallback =
    ctx.config.providers === 'sandbox'
      ? new HttpSmsProvider(`${ctx.config.publicUrl}/sandbox/sms`)
      : unconfiguredSmsProvider;
  return { send: (phone, text) => (boundSmsProvider(ctx) ?? fallback).send(phone, text) };
}

/** Login, logout, registration, profile and registration OTP (docs/spec.md §7 "Account and auth"). */
export function createAccountModule(options: AccountModuleOptions = {}): ModuleFactory {
  return (ctx) => {
    const { config, clock, db, sessions, settings } = ctx;
    const store =
      options.rateLimitStore ??
      createRateLimitStore(config, (err) => ctx.log.error({ err }, 'rate-limit store failed; limits skipped'));
    const limiter = new RateLimiter(store, clock);
    const repo = new AccountRepository(db);
    const otp = new OtpService({
      repo: new OtpRepository(db),
      clock,
      limiter,
      sms: options.sms ?? smsFor(ctx),
      pepper: otpPepper(config.secrets.encryptionKey),
      variant: config.variant,
      log: ctx.log,
    });
    const login = new LoginService({ repo, sessions, limiter, clock, variant: config.variant });
    const register = new RegisterService({ repo, otp, settings, variant: config.variant, clock });
    const cooling = new PayoutCooling({ repo, settings, clock });
    const profile = new ProfileService({ repo, sessions, limiter, clock, otp, cooling });
    const passwordReset = new PasswordResetService({
      repo,
      otp,
      sessions,
      limiter,
      clock,
      variant: config.variant,
      removePasskeys: async (memberId, ip) => {
        const names = await removeMemberPasskeys(db, memberId);
        if (names.length > 0) {
          const event = { kind: 'passkeys-removed', detail: { names }, ip, sessionId: null };
          await recordSecurityEvent(db, memberId, event, clock.now());
        }
        return names.length;
      },
    });

    return {
      name: 'account',
      handlers: {
        'account.login': ({ body, request }) =>
          login.login(body.username, body.password, {
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? '',
            ...(body.remember === undefined ? {} : { remember: body.remember }),
          }),
        'account.renew': ({ body }) => sessions.renew(body.refreshToken),
        'account.logout': ({ member }) => login.logout(member.sessionId),
        'account.validate': ({ body, request }) =>
          guardProbes(limiter, request.ip, async () => {
            await register.validate(body);
            return { message: 'SUCCESS' as const };
          }),
        'account.register': ({ body, request }) =>
          guardProbes(limiter, request.ip, async () => {
            await register.register(body);
            return { message: 'SUCCESS' as const };
          }),
        'account.profile': ({ member }) => profile.get(member.id),
        'account.updateProfile': ({ member, body, request }) => {
          return profile.update(member, body, { ip: request.ip, sessionId: member.sessionId });
        },
        'account.bankChangeOtp': ({ member, request }) =>
          profile.sendBankChangeOtp(member, request.ip, smsLanguage(request)),
        'account.bankAccountName': ({ member, body }) =>
          profile.setBankAccountName(member.id, body.bankCode, body.bankAccountName),
        'account.changePassword': ({ member, body, request }) =>
          profile.changePassword(member, body.oldPassword, body.newPassword, { ip: request.ip }),
        'account.otpSend': ({ body, request }) =>
          guardProbes(limiter, request.ip, async () => {
            const phone = requirePhone(config.variant, body.phoneNumber);
            // a registration OTP for a registered phone would only cost an SMS
            if (await repo.usernameExists(phone)) throw new AppError('EXISTING_USER');
            return otp.send(phone, request.ip, { ticket: body.otpTicket, language: smsLanguage(request) });
          }),
        'account.otpVerify': ({ body }) => otp.verify(body.otpToken, body.otpCode),
        'account.forgotPasswordOtp': ({ body, request }) =>
          passwordReset.sendCode(body.phoneNumber, request.ip, smsLanguage(request)),
        'account.forgotPasswordVerify': ({ body }) => passwordReset.verifyCode(body.otpToken, body.otpCode),
        'account.resetPassword': ({ body, request }) =>
          passwordReset.reset(body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }),
        'account.securityEvents': ({ member }) => passwordReset.events(member.id),
      },
      jobs: [
        defineJob({
          name: 'otp-cleanup',
          schedule: { everyMinutes: 60 },
          handler: async () => ({ deleted: await otp.deleteOld() }),
        }),
      ],
      subscribers: [
        // logout, a password change or deactivation ends the session's live sockets too, on every process (a
        // reconnect is refused by the socket's token check); repeating it is harmless
        subscribe('session.revoked', 'account.disconnect-session', async ({ memberId, sessionId }) => {
          ctx.realtime.disconnectSession(memberId, sessionId);
        }),
      ],
      plugin: async (app) => {
        app.addHook('onClose', async () => store.close());
      },
    };
  };
}

export const accountModule = createAccountModule();
