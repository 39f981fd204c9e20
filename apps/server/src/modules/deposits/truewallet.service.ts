import type { ErrorReason } from '@wallet/contract/errors';
import { giftLinkIn } from '@wallet/contract/gift-link';
import { TRUEWALLET_MIN_BAHT } from '@wallet/contract/limits';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { trueVouchers } from '../../db/schema/deposits.ts';
import { AppError } from '../../errors.ts';
import type { VoucherInvalid, VoucherProvider, VoucherRefusal } from '../../providers/vouchers/voucher-port.ts';
import { toMajor, toMinor, type LedgerService } from '../ledger/ledger.api.ts';
import type { SettingsService } from '../settings/settings.api.ts';
import { chooseForCredit, outcomeForAnswer, type BonusOutcome, type ChosenBonus } from './credit-bonus.ts';
import { isDepositAmountValid, recordIncoming } from './credit.ts';
import { decryptTrueLink, extractVoucherHash } from './truelink.ts';

export type TrueWalletDeps = {
  db: Db;
  ledger: LedgerService;
  clock: Clock;
  settings: SettingsService;
  secret: string;
  vouchers: () => VoucherProvider;
  log: { warn(obj: object, msg: string): void };
};

type InvalidReason = ErrorReason<'TRUELINK_INVALID'>;

/** Why TrueMoney's refusal makes a link unusable, as the player reads it (docs/payments.md §4). */
const INVALID_REASONS: Record<VoucherInvalid, InvalidReason> = {
  VOUCHER_NOT_FOUND: 'NOT_FOUND',
  VOUCHER_EXPIRED: 'EXPIRED',
  CANNOT_GET_OWN_VOUCHER: 'OWN_VOUCHER',
  TARGET_USER_NOT_FOUND: 'UNAVAILABLE',
  BAD_PARAM: 'NOT_A_LINK',
  INTERNAL_ERROR: 'UNAVAILABLE',
};
/** the codes we store for our own refusals, read back when the same voucher comes again */
const OWN_REASONS: Record<string, InvalidReason> = { BELOW_MINIMUM: 'BELOW_MINIMUM', AMOUNT_INVALID: 'UNAVAILABLE' };

const invalid = (reason: InvalidReason) =>
  new AppError('TRUELINK_INVALID', undefined, {
    reason,
    ...(reason === 'BELOW_MINIMUM' ? { values: { min: String(TRUEWALLET_MIN_BAHT) } } : {}),
  });

/** POST /api/wallet/truelink (docs/design.md §9.5): decrypt, extract strictly, verify, redeem, credit our share once per hash. */
export class TrueWalletService {
  constructor(private readonly deps: TrueWalletDeps) {}

  /** `bonus`: the deposit bonus chosen on the sheet, claimed in the voucher's credit; the answer says what became of it. */
  async redeem(
    member: { id: number; currency: string },
    link: string,
    bonus?: ChosenBonus,
  ): Promise<{ message: string; amount?: number; bonus?: BonusOutcome }> {
    const split = link.indexOf('::');
    if (split <= 0) throw invalid('NOT_A_LINK');
    const walletName = link.slice(split + 2);
    const plain = decryptTrueLink(link.slice(0, split), this.deps.secret);
    // a pasted share message carries the link among its words
    const hash = plain === null ? null : extractVoucherHash(giftLinkIn(plain));
    if (!hash) throw invalid('NOT_A_LINK');
    const { wallets } = await this.deps.settings.get('deposit');
    const wallet = wallets.find((w) => w.walletAccountName === walletName);
    if (!wallet || !/^0\d{9}$/.test(wallet.walletAccountName)) throw invalid('UNAVAILABLE');
    const phone = wallet.walletAccountName;

    // reserve the hash: whoever inserts first is the only one who talks to TrueMoney
    const now = this.deps.clock.now();
    const [reserved] = await this.deps.db
      .insert(trueVouchers)
      .values({ hash, memberId: member.id, status: 'redeeming', createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ hash: trueVouchers.hash });
    if (!reserved) return this.seenBefore(hash);
    const intent = { channel: 'truewallet', intentId: hash } as const;
    const refused = bonus ? await chooseForCredit(this.deps, member, intent, bonus) : null;

    const provider = this.deps.vouchers();
    const check = await provider.verify(hash, phone);
    if (check.kind !== 'active') return this.refuse(hash, check);
    // an amount we could never record (0, negative, above the API's maximum): refused before the irreversible redeem
    if (!isDepositAmountValid(check.shareAmount ?? check.totalAmount)) {
      await this.mark(hash, 'refused', 'AMOUNT_INVALID');
      throw invalid('UNAVAILABLE');
    }
    if ((check.shareAmount ?? check.totalAmount) < toMinor(TRUEWALLET_MIN_BAHT)) {
      await this.mark(hash, 'refused', 'BELOW_MINIMUM');
      throw invalid('BELOW_MINIMUM');
    }
    let outcome = await provider.redeem(hash, phone);
    if (outcome.kind === 'unknown') {
      // irreversible call without an answer: ask again; "already redeemed by us" means it went through
      const again = await provider.verify(hash, phone);
      if (again.kind === 'taken' && again.reason === 'TARGET_USER_REDEEMED' && check.shareAmount !== null)
        outcome = {
          kind: 'redeemed',
          voucherId: check.voucherId,
          amount: check.shareAmount,
          ownerName: null,
          redeemedAt: now,
        };
    }
    if (outcome.kind !== 'redeemed') return this.refuse(hash, outcome);
    const amount = outcome.amount;
    if (!isDepositAmountValid(amount)) {
      // redeemed at TrueMoney, but with an amount we cannot record: nothing credited, an operator checks it
      this.deps.log.warn({ voucher: { amount: amount.toString() } }, 'voucher redeemed with an invalid amount');
      await this.mark(hash, 'unknown', 'AMOUNT_INVALID');
      throw invalid('UNAVAILABLE');
    }
    await this.deps.ledger.transaction(async (tx) => {
      const result = await recordIncoming(this.deps.ledger, tx, {
        memberId: member.id,
        channel: 'truewallet',
        reference: hash,
        sourceId: hash,
        amount,
        currency: member.currency,
        status: 'credited',
        at: this.deps.clock.now(),
      });
      await tx
        .update(trueVouchers)
        .set({
          status: 'credited',
          amount,
          depositId: result.depositId,
          updatedAt: this.deps.clock.now(),
        })
        .where(eq(trueVouchers.hash, hash));
    });
    const told = bonus ? await outcomeForAnswer(this.deps.db, member.id, intent, bonus, refused) : {};
    return { message: 'SUCCESS', amount: toMajor(amount), ...told };
  }

  private async refuse(hash: string, refusal: VoucherRefusal): Promise<never> {
    if (refusal.kind === 'unknown') {
      this.deps.log.warn({ voucher: { detail: refusal.detail } }, 'voucher without a definite answer');
      await this.mark(hash, 'unknown', null);
      throw invalid('UNAVAILABLE');
    }
    await this.mark(hash, 'refused', refusal.reason);
    if (refusal.kind === 'taken') throw new AppError('TRUELINK_DUPLICATE');
    throw invalid(INVALID_REASONS[refusal.reason]);
  }

  /**
   * A voucher we hold a row for: one we refused before redeeming (expired, under the minimum…) gets the same reason
   * again, not "already used"; anything else (credited, redeeming, unknown) is a duplicate.
   */
  private async seenBefore(hash: string): Promise<never> {
    const [row] = await this.deps.db
      .select({ status: trueVouchers.status, code: trueVouchers.code })
      .from(trueVouchers)
      .where(eq(trueVouchers.hash, hash));
    const code = row?.status === 'refused' ? row.code : null;
    const reason = code ? (OWN_REASONS[code] ?? INVALID_REASONS[code as VoucherInvalid]) : undefined;
    throw reason ? invalid(reason) : new AppError('TRUELINK_DUPLICATE');
  }

  private async mark(hash: string, status: string, code: string | null): Promise<void> {
    await this.deps.db
      .update(trueVouchers)
      .set({ status, code, updatedAt: this.deps.clock.now() })
      .where(eq(trueVouchers.hash, hash));
  }
}
