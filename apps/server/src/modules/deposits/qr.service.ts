// Longer than 300 lines by choice: one QR deposit's whole life (create, webhook, inquiry, late money, cancel) is one
// state machine read top to bottom; its rules and reasons already live in their own files (docs/code-style.md).
import type { QrState } from '@wallet/contract/wallet';
import { QR_MIN_AMOUNT, QR_PROVIDERS, type QrProvider } from '@wallet/contract/limits';
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-error.ts';
import { qrPayments, qrWebhookInbox } from '../../db/schema/deposits.ts';
import { AppError } from '../../errors.ts';
import type { QrPayment, QrPaymentProvider } from '../../providers/qr-payments/qr-payment-port.ts';
import type { ContentLanguage } from '../content/content.api.ts';
import { chooseDepositBonus } from '../promotions/promotions.api.ts';
import { walletAmounts, type SettingsService } from '../settings/settings.api.ts';
import { toMajor, toMinor, type LedgerService } from '../ledger/ledger.api.ts';
import { isDepositAmountValid, newDepositId, recordIncoming, type IncomingResult } from './credit.ts';

export type QrDeps = {
  db: Db;
  ledger: LedgerService;
  clock: Clock;
  settings: SettingsService;
  providers: () => Map<QrProvider, QrPaymentProvider>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};

type QrRow = typeof qrPayments.$inferSelect;

const isProvider = (p: string): p is QrProvider => (QR_PROVIDERS as readonly string[]).includes(p);
/** a webhook later than this after creation is "late": the inquiry job asks the provider */
const QR_INQUIRY_AFTER_MS = 20_000;
/** how long after expiry or cancel the job still asks for late money */
const LATE_MONEY_WATCH_MS = 30 * 60_000;

/** Why money for this QR waits for an operator instead of being credited, or null. */
function holdReason(qr: QrRow, payment: QrPayment): { isLate: boolean; note: string | null } {
  const notes: string[] = [];
  // a dynamic QR is single-use: a second payment of a paid QR is late money like a payment after expiry
  const isLate =
    qr.status === 'paid' ||
    qr.status === 'cancelled' ||
    qr.status === 'expired' ||
    (qr.expiresAt !== null && payment.paidAt > qr.expiresAt);
  if (isLate)
    notes.push(
      qr.status === 'paid'
        ? 'paid again after the QR was paid'
        : `paid after the QR was ${qr.status === 'open' ? 'expired' : qr.status}`,
    );
  if (payment.amount !== qr.amount)
    notes.push(`paid ${toMajor(payment.amount).toFixed(2)}, the QR asked ${toMajor(qr.amount).toFixed(2)}`);
  return { isLate, note: notes.length > 0 ? notes.join('; ') : null };
}

/** docs/spec.md §3/§4 QR deposits (docs/design.md §9.5): one open QR per provider per member, credited once per payment. */
export class QrService {
  constructor(private readonly deps: QrDeps) {}

  private provider(name: string): QrPaymentProvider {
    const p = isProvider(name) ? this.deps.providers().get(name) : undefined;
    if (!p) throw new AppError('NOT_FOUND');
    return p;
  }

  private async state(row: QrRow | undefined): Promise<QrState & { payload: string | null }> {
    if (!row || row.status !== 'open' || !row.payload || !row.expiresAt || row.expiresAt <= this.deps.clock.now())
      return {
        qrcodeId: null,
        hasQrcode: false,
        qrcode: null,
        amount: null,
        expireIn: null,
        message: 'NO_QRCODE',
        payload: null,
      };
    const qrcode = await QRCode.toString(row.payload, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return {
      qrcodeId: row.id,
      hasQrcode: true,
      qrcode,
      amount: toMajor(row.amount),
      expireIn: row.expiresAt.toISOString(),
      message: 'SUCCESS',
      payload: row.payload,
    };
  }

  private async openRow(memberId: number, provider: string): Promise<QrRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(qrPayments)
      .where(and(eq(qrPayments.memberId, memberId), eq(qrPayments.provider, provider), eq(qrPayments.status, 'open')));
    return row;
  }

  async current(memberId: number, provider: string) {
    this.provider(provider);
    return this.state(await this.openRow(memberId, provider));
  }

  /**
   * POST /api/qrcode/{provider}: `bonus` is the deposit bonus the member chose, stored with the QR (refused here when it
   * cannot apply now) and claimed when its money is credited (docs/decisions/0042-bets-and-bonus-at-deposit.md).
   */
  async create(
    member: { id: number; currency: string },
    providerName: string,
    amount: number,
    bonus?: { code: string; lang: ContentLanguage },
  ) {
    const provider = this.provider(providerName);
    const { minDeposit, maxQrDeposit } = await walletAmounts(this.deps.settings, member.currency);
    // the channels' own minimums are in baht (docs/payments.md §1): a kip wallet has its own minimum only
    const channelMinimum = member.currency === 'LAK' ? 0 : QR_MIN_AMOUNT[provider.provider];
    if (amount < 1 || amount < channelMinimum || amount < minDeposit) throw new AppError('TRANSFER_MINIMUM');
    if (amount > maxQrDeposit) throw new AppError('DEPOSIT_MAXIMUM');
    const now = this.deps.clock.now();
    const existing = await this.openRow(member.id, provider.provider);
    if (existing) {
      if (existing.expiresAt && existing.expiresAt > now) {
        // the open QR is shown again; a bonus chosen now goes with it (a first choice stays)
        if (bonus) await this.chooseBonus(member, existing.id, existing.amount, bonus);
        return this.state(existing);
      }
      await this.deps.db
        .update(qrPayments)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(qrPayments.id, existing.id), eq(qrPayments.status, 'open')));
    }
    const id = newDepositId('Q');
    const minor = toMinor(amount);
    try {
      await this.deps.db.insert(qrPayments).values({
        id,
        memberId: member.id,
        provider: provider.provider,
        amount: minor,
        currency: member.currency,
        status: 'creating',
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      // another create of this member and provider is running: one QR at a time
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('QR_FAIL');
      throw err;
    }
    if (bonus) {
      try {
        await this.chooseBonus(member, id, minor, bonus);
      } catch (err) {
        await this.deps.db
          .update(qrPayments)
          .set({ status: 'failed', updatedAt: this.deps.clock.now() })
          .where(eq(qrPayments.id, id));
        throw err;
      }
    }
    const outcome = await provider.createQr({
      paymentId: id,
      memberRef: `M${member.id}`,
      amount: minor,
      currency: member.currency === 'LAK' ? 'LAK' : 'THB',
    });
    if (outcome.kind !== 'created') {
      this.deps.log.warn({ qr: { id, provider: provider.provider, outcome } }, 'QR create failed');
      await this.deps.db
        .update(qrPayments)
        .set({ status: 'failed', updatedAt: this.deps.clock.now() })
        .where(eq(qrPayments.id, id));
      throw new AppError('QR_FAIL');
    }
    const [row] = await this.deps.db
      .update(qrPayments)
      .set({
        status: 'open',
        providerRef: outcome.providerRef,
        payload: outcome.qrPayload,
        expiresAt: outcome.expiresAt,
        updatedAt: this.deps.clock.now(),
      })
      .where(and(eq(qrPayments.id, id), eq(qrPayments.status, 'creating')))
      .returning();
    return this.state(row);
  }

  private chooseBonus(
    member: { id: number; currency: string },
    qrId: string,
    amount: bigint,
    bonus: { code: string; lang: ContentLanguage },
  ): Promise<void> {
    return chooseDepositBonus(this.deps.db, this.deps.clock, member, {
      channel: 'qr',
      intentId: qrId,
      code: bonus.code,
      amount,
      lang: bonus.lang,
    });
  }

  /** DELETE /api/qrcode/{id}: the member's own open QR only; money that still arrives for it is credited. */
  async cancel(memberId: number, qrcodeId: string): Promise<{ message: string }> {
    const [row] = await this.deps.db
      .select()
      .from(qrPayments)
      .where(and(eq(qrPayments.id, qrcodeId), eq(qrPayments.memberId, memberId)));
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'open') return { message: 'SUCCESS' };
    const answer = await this.provider(row.provider).cancelQr(row.id);
    if (answer === 'paid') {
      await this.inquireOne(row);
      return { message: 'SUCCESS' };
    }
    await this.deps.db
      .update(qrPayments)
      .set({ status: 'cancelled', updatedAt: this.deps.clock.now() })
      .where(and(eq(qrPayments.id, row.id), eq(qrPayments.status, 'open')));
    return { message: 'SUCCESS' };
  }

  /**
   * A provider's webhook, exactly as received. 401 for a bad signature (nothing stored), 400 when unreadable,
   * otherwise recorded in the inbox and processed once per provider transaction id.
   */
  async webhook(
    providerName: string,
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
  ): Promise<{ status: number; body: { status: string } }> {
    if (!isProvider(providerName)) return { status: 404, body: { status: 'UNKNOWN_PROVIDER' } };
    const provider = this.provider(providerName);
    const verified = provider.verifyWebhook({ headers, rawBody });
    if (verified.kind === 'invalid_signature') return { status: 401, body: { status: 'BAD_SIGNATURE' } };
    if (verified.kind === 'malformed') {
      this.deps.log.warn({ qrWebhook: { provider: providerName, detail: verified.detail } }, 'malformed QR webhook');
      return { status: 400, body: { status: 'MALFORMED' } };
    }
    const now = this.deps.clock.now();
    const event = verified.event;
    const [inbox] = await this.deps.db
      .insert(qrWebhookInbox)
      .values({
        provider: providerName,
        paymentId: event.kind === 'paid' ? event.payment.paymentId : event.paymentId,
        providerTxnId: event.kind === 'paid' ? event.payment.providerTxnId : null,
        body: rawBody.toString('utf8').slice(0, 4000),
        receivedAt: now,
      })
      .returning({ id: qrWebhookInbox.id });
    let result: string;
    if (event.kind === 'failed') result = 'failed';
    else result = (await this.applyPayment(providerName, event.payment)).kind;
    await this.deps.db
      .update(qrWebhookInbox)
      .set({ result, processedAt: this.deps.clock.now() })
      .where(eq(qrWebhookInbox.id, inbox!.id));
    // signed but not an amount we can record: a definite refusal the PSP can show, never a 500 it retries for ever
    if (result === 'refused') return { status: 400, body: { status: 'AMOUNT_INVALID' } };
    return { status: 200, body: { status: 'OK' } };
  }

  /**
   * Credit (or hold for review) one payment, whatever state its QR is in: money is never dropped. An amount that is
   * not above 0 or above the API's maximum is refused (nothing recorded, logged); an amount other than the QR's is
   * held for an operator; a payment after expiry, cancel or an earlier payment follows `lateQrPayment`.
   */
  async applyPayment(
    provider: string,
    payment: QrPayment,
  ): Promise<IncomingResult | { kind: 'unmatched' } | { kind: 'refused' }> {
    if (!isDepositAmountValid(payment.amount)) {
      this.deps.log.warn(
        { qrPayment: { provider, paymentId: payment.paymentId, amount: payment.amount.toString() } },
        'QR payment amount refused',
      );
      return { kind: 'refused' };
    }
    const lateRule = await this.deps.settings.get('lateQrPayment');
    return this.deps.ledger.transaction(async (tx) => {
      const [qr] = await tx
        .select()
        .from(qrPayments)
        .where(and(eq(qrPayments.id, payment.paymentId), eq(qrPayments.provider, provider)))
        // two payments of one QR at once: the second sees the first's `paid` (a QR is paid once)
        .for('update');
      if (!qr) return { kind: 'unmatched' as const };
      const { isLate, note } = holdReason(qr, payment);
      const isHeld = (isLate && lateRule === 'review') || payment.amount !== qr.amount;
      const result = await recordIncoming(this.deps.ledger, tx, {
        memberId: qr.memberId,
        channel: 'qr',
        reference: `${provider}.${payment.providerTxnId}`,
        sourceId: qr.id,
        amount: payment.amount,
        currency: qr.currency,
        status: isHeld ? 'review' : 'credited',
        note,
        at: this.deps.clock.now(),
      });
      if (result.kind !== 'duplicate')
        await tx
          .update(qrPayments)
          .set({ status: 'paid', updatedAt: this.deps.clock.now() })
          .where(eq(qrPayments.id, qr.id));
      return result;
    });
  }

  private async inquireOne(row: QrRow): Promise<string> {
    const status = await this.provider(row.provider).inquire(row.id, row.providerRef ?? '');
    const now = this.deps.clock.now();
    await this.deps.db
      .update(qrPayments)
      .set({ inquiries: sql`${qrPayments.inquiries} + 1` })
      .where(eq(qrPayments.id, row.id));
    if (status.kind === 'paid') return (await this.applyPayment(row.provider, status.payment)).kind;
    if (status.kind === 'expired' && row.status === 'open')
      await this.deps.db
        .update(qrPayments)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(qrPayments.id, row.id), eq(qrPayments.status, 'open')));
    return status.kind;
  }

  /**
   * The status-inquiry job: open QRs whose webhook is late, and QRs that expired or were cancelled recently
   * (late money). Never guesses: only a definite PAID credits.
   */
  async inquireLate(limit = 100): Promise<{ checked: number; credited: number }> {
    const now = this.deps.clock.now();
    const rows = await this.deps.db
      .select()
      .from(qrPayments)
      .where(
        or(
          and(eq(qrPayments.status, 'open'), lt(qrPayments.createdAt, new Date(now.getTime() - QR_INQUIRY_AFTER_MS))),
          and(
            inArray(qrPayments.status, ['expired', 'cancelled']),
            gt(qrPayments.updatedAt, new Date(now.getTime() - LATE_MONEY_WATCH_MS)),
          ),
        ),
      )
      .limit(limit);
    let credited = 0;
    for (const row of rows) {
      try {
        if ((await this.inquireOne(row)) === 'credited') credited += 1;
      } catch (err) {
        this.deps.log.warn({ err, qr: row.id }, 'QR inquiry failed');
      }
    }
    return { checked: rows.length, credited };
  }
}
