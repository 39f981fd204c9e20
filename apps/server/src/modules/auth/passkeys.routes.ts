import type { ModuleFactory } from '../../http/handlers.ts';
import { createRateLimitStore, RateLimiter, type RateLimitStore } from '../../lib/rate-limiter.ts';
import { PasskeyChallenges } from './passkey-challenges.ts';
import { PasskeySignInService } from './passkey-sign-in.service.ts';
import { PasskeysService } from './passkeys.service.ts';

type PasskeysModuleOptions = {
  /** replaces the rate-limit store (default: Redis when REDIS_URL is set, else memory) */
  rateLimitStore?: RateLimitStore;
};

/** Passkeys: added and removed from the profile after a step-up, used to sign in (docs/decisions/0040-passkeys.md). */
function createPasskeysModule(options: PasskeysModuleOptions = {}): ModuleFactory {
  return (ctx) => {
    const store =
      options.rateLimitStore ??
      createRateLimitStore(ctx.config, (err) => ctx.log.error({ err }, 'rate-limit store failed; limits skipped'));
    const deps = {
      db: ctx.db,
      clock: ctx.clock,
      limiter: new RateLimiter(store, ctx.clock),
      challenges: new PasskeyChallenges({ db: ctx.db, clock: ctx.clock }),
      webauthn: ctx.config.webauthn,
      secret: ctx.config.secrets.encryptionKey,
    };
    const passkeys = new PasskeysService(deps);
    const signIn = new PasskeySignInService({ ...deps, sessions: ctx.sessions, variant: ctx.config.variant });
    return {
      name: 'passkeys',
      handlers: {
        'passkeys.list': ({ member }) => passkeys.list(member),
        'passkeys.stepUp': ({ member, body }) => passkeys.stepUp(member, body.password),
        'passkeys.registerOptions': ({ member }) => passkeys.registerOptions(member),
        'passkeys.register': ({ member, body, request }) => passkeys.register(member, body, { ip: request.ip }),
        'passkeys.remove': ({ member, params, request }) => passkeys.remove(member, params.id, { ip: request.ip }),
        'passkeys.signInOptions': ({ body, request }) => signIn.options(body.phoneNumber, request.ip),
        'passkeys.signIn': ({ body, request }) =>
          signIn.signIn(body, {
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? '',
          }),
      },
      plugin: async (app) => {
        app.addHook('onClose', async () => store.close());
      },
    };
  };
}

export const passkeysModule = createPasskeysModule();
