import type { QrProvider } from '@wallet/contract/limits';
import type { ModuleFactory } from '../../http/handlers.ts';
import { AppError } from '../../errors.ts';
import { defineJob } from '../../jobs/job-types.ts';
import { subscribe } from '../../events/subscriber.ts';
import type { QrPaymentProvider } from '../../providers/qr-payments/qr-payment-port.ts';
import { boundQrTransport, createQrProviders } from '../../providers/qr-payments/http-qr-provider.ts';
import type { SlipVerifier } from '../../providers/bank/bank-port.ts';
import { boundBankTransport, HttpSlipVerifier } from '../../providers/bank/http-slip-verifier.ts';
import { createAccountApi } from '../account/account.api.ts';
import { requestLanguage } from '../content/content.api.ts';
import { LedgerService, toMajor, toMinor } from '../ledger/ledger.api.ts';
import { assertMayDeposit } from '../responsible-play/responsible-play.api.ts';
import { sendStoredObject } from '../../providers/storage/send-stored-object.ts';
import { depositAdminHandlers } from './deposit-admin.ts';
import { QrService } from './qr.service.ts';
import { DepositReviewService } from './review.service.ts';
import { SLIP_IMAGE_PATH, slipImageLinks } from './slip-image-link.ts';
import { listSlips } from './slip-list.ts';
import { SlipService } from './slip.service.ts';
import { TrueWalletService } from './truewallet.service.ts';
import type { VoucherProvider } from '../../providers/vouchers/voucher-port.ts';
import { HttpVoucherProvider } from '../../providers/vouchers/http-voucher-provider.ts';

type DepositsModuleOptions = {
  /** the QR providers (tests pass their own); default: HTTP adapters to the sandbox or the configured PSPs */
  qrProviders?: Map<QrProvider, QrPaymentProvider>;
  /** the slip verifier (tests pass their own); default: HTTP to the sandbox bank or the configured vendor */
  slipVerifier?: SlipVerifier;
  vouchers?: VoucherProvider;
};

/** QR inquiry cadence: a webhook later than 20 s is asked for every 15 s. */
const INQUIRY_EVERY_SECONDS = 15;

/** Deposits (docs/design.md §9.5): QR payments with webhooks and inquiry, the `deposit.credited` push. */
function createDepositsModule(options: DepositsModuleOptions = {}): ModuleFactory {
  return (ctx) => {
    // the member's wallet.changed push follows from ledger.posted (the wallet module's outbox subscriber)
    const ledger = new LedgerService(ctx.db);
    let providers = options.qrProviders;
    const qr = new QrService({
      db: ctx.db,
      ledger,
      clock: ctx.clock,
      settings: ctx.settings,
      log: ctx.log,
      providers: () =>
        (providers ??= createQrProviders({
          baseUrl: `${ctx.config.publicUrl}/sandbox/qr`,
          notifyBaseUrl: `${ctx.config.publicUrl}/api/webhooks/qr`,
          secret: ctx.config.secrets.provider,
          now: () => ctx.clock.now(),
          fetch: () => boundQrTransport(ctx) ?? (globalThis.fetch as never),
        })),
    });
    let verifier = options.slipVerifier;
    const slip = new SlipService({
      db: ctx.db,
      ledger,
      clock: ctx.clock,
      settings: ctx.settings,
      storage: ctx.storage,
      account: createAccountApi(ctx),
      log: ctx.log,
      verifier: () =>
        (verifier ??= new HttpSlipVerifier({
          baseUrl: `${ctx.config.publicUrl}/sandbox/bank`,
          secret: ctx.config.secrets.provider,
          fetch: () => boundBankTransport(ctx) ?? (globalThis.fetch as never),
        })),
    });
    const review = new DepositReviewService({ db: ctx.db, ledger, clock: ctx.clock, settings: ctx.settings });
    const account = createAccountApi(ctx);
    const links = slipImageLinks(ctx.config.secrets.jwt, ctx.clock);
    let vouchers = options.vouchers;
    const trueWallet = new TrueWalletService({
      db: ctx.db,
      ledger,
      clock: ctx.clock,
      settings: ctx.settings,
      secret: ctx.config.truelinkSecret,
      log: ctx.log,
      vouchers: () =>
        (vouchers ??= new HttpVoucherProvider({
          baseUrl: `${ctx.config.publicUrl}/sandbox/truewallet`,
          fetch: () => boundBankTransport(ctx) ?? (globalThis.fetch as never),
        })),
    });
    return {
      name: 'deposits',
      handlers: {
        // responsible play: no deposit offered during a break or past a limit (docs/decisions/0039)
        'wallet.slip': async ({ member, file, body, request }) => {
          await assertMayDeposit(ctx.db, member.id, null, ctx.clock.now());
          return slip.upload(
            member,
            file,
            body.bonusCode ? { code: body.bonusCode, lang: requestLanguage(request) } : undefined,
          );
        },
        'wallet.truelink': async ({ member, body, request }) => {
          await assertMayDeposit(ctx.db, member.id, null, ctx.clock.now());
          return trueWallet.redeem(
            member,
            body.link,
            body.bonusCode ? { code: body.bonusCode, lang: requestLanguage(request) } : undefined,
          );
        },
        'statement.slips': ({ member, body }) => listSlips(ctx.db, member.id, body.page, body.limit),
        'statement.slipReference': async ({ member, params }) => {
          const own = await slip.findOwn(member.id, params.reference);
          const signed = await ctx.storage.signedReadUrl(own.storageKey, { expiresInSeconds: 300 });
          return { url: signed ?? links.url(own.id) };
        },
        'wallet.add': async ({ member, body }) => {
          await assertMayDeposit(ctx.db, member.id, toMinor(body.amount), ctx.clock.now());
          await review.notify(member, body.amount);
          return { message: 'SUCCESS' };
        },
        ...depositAdminHandlers({ ctx, account, review, slip }),
        'wallet.qrGet': ({ member, params }) => qr.current(member.id, params.provider),
        'wallet.qrCreate': async ({ member, params, body, request }) => {
          await assertMayDeposit(ctx.db, member.id, toMinor(body.amount), ctx.clock.now());
          return qr.create(
            member,
            params.provider,
            body.amount,
            body.bonusCode ? { code: body.bonusCode, lang: requestLanguage(request) } : undefined,
          );
        },
        'wallet.qrDelete': ({ member, params }) => qr.cancel(member.id, params.qrcodeId),
      },
      jobs: [
        defineJob({
          name: 'qr-payment-inquiry',
          schedule: { everySeconds: INQUIRY_EVERY_SECONDS },
          retry: { limit: 0 },
          handler: () => qr.inquireLate(),
        }),
        defineJob({
          name: 'slip-verify-retry',
          schedule: { everySeconds: 30 },
          retry: { limit: 0 },
          handler: () => slip.retryProcessing(),
        }),
      ],
      subscribers: [
        subscribe('deposit.credited', 'deposits.push', async (payload) => {
          ctx.realtime.push(payload.memberId, 'deposit.credited', {
            depositId: payload.depositId,
            channel: 'deposit',
            amount: toMajor(BigInt(payload.amount)),
            currency: payload.currency,
          });
        }),
      ],
      plugin: async (app) => {
        // a member's own slip image by the signed link statement.slipReference handed out
        app.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>(
          `${SLIP_IMAGE_PATH}:id`,
          async (request, reply) => {
            const id = request.params.id;
            if (!/^[A-Z0-9]{8,32}$/.test(id)) throw new AppError('NOT_FOUND');
            links.check(id, request.query.exp, request.query.sig);
            const found = await slip.find(id);
            if (!found) throw new AppError('NOT_FOUND');
            return sendStoredObject(reply, ctx.storage, found.storageKey, { fileName: `slip-${id.toLowerCase()}` });
          },
        );
        // provider webhooks: the signature covers the raw bytes, so this scope reads bodies as buffers
        await app.register(async (hooks) => {
          hooks.removeAllContentTypeParsers();
          hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16_384 }, (_req, body, done) =>
            done(null, body),
          );
          hooks.post<{ Params: { provider: string } }>('/api/webhooks/qr/:provider', async (request, reply) => {
            const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
            const answer = await qr.webhook(request.params.provider, request.headers, raw);
            return reply.status(answer.status).send(answer.body);
          });
        });
      },
    };
  };
}

export const depositsModule: ModuleFactory = createDepositsModule();
