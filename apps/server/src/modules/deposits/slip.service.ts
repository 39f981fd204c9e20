// Longer than 300 lines by choice: one slip's whole life (read, verify, credit with a chosen bonus, refuse, review) is one
// state machine read top to bottom; its rules and the sender check live in their own files (docs/code-style.md).
import { readSlipQr } from '@wallet/contract/emvco';
import type { SlipFailureReason } from '@wallet/contract/errors';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { deposits, slips } from '../../db/schema/deposits.ts';
import { AppError } from '../../errors.ts';
import { emit } from '../../events/emit.ts';
import { acceptUpload } from '../../lib/uploads/accept-upload.ts';
import type { ReceivedFile } from '../../lib/uploads/received-file.ts';
import { storeAcceptedUpload } from '../../lib/uploads/store-upload.ts';
import { SLIP_UPLOAD } from '../../lib/uploads/upload-policy.ts';
import type { SlipVerifier, VerifiedSlip } from '../../providers/bank/bank-port.ts';
import { StorageNotFoundError, type ObjectStorage } from '../../providers/storage/object-storage.ts';
import type { AccountApi } from '../account/account.api.ts';
import { toMajor, type LedgerService } from '../ledger/ledger.api.ts';
import type { SettingsService } from '../settings/settings.api.ts';
import { chooseForCredit, outcomeForAnswer, type ChosenBonus } from './credit-bonus.ts';
import { newDepositId, recordIncoming } from './credit.ts';
import { decodeQrTexts } from './slip-qr.ts';
import { decideSlip } from './slip-rules.ts';

type SlipRow = typeof slips.$inferSelect;
export type SlipDeps = {
  db: Db;
  ledger: LedgerService;
  clock: Clock;
  settings: SettingsService;
  storage: ObjectStorage;
  verifier: () => SlipVerifier;
  account: AccountApi;
  log: { warn(obj: object, msg: string): void };
};

/** verifier answers without a definite result before a slip ends as UNKNOW_ERROR */
const MAX_VERIFY_ATTEMPTS = 6;
/** a PROCESSING slip is asked again after this */
const RETRY_AFTER_MS = 30_000;
/**
 * A slip image whose shorter side is below this cannot hold a readable mini-QR beside the slip's text (a thumbnail,
 * a cropped corner): without a QR it is IMG_SIZE_UNABLE_TO_PROCESS rather than an unreadable slip.
 */
const MIN_SLIP_SIDE_PX = 160;

export type SlipAnswer = {
  message: string;
  status: string;
  amount?: number;
  note?: string;
  reference?: string;
  bonus?: { name: string; status: 'chosen' | 'claimed' | 'skipped'; reason: string | null; amount: number };
};

/** Minutes since midnight, Asia/Bangkok (UTC+7, no DST). */
const bangkokMinutes = (at: Date) => (Math.floor(at.getTime() / 60_000) + 7 * 60) % (24 * 60);
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Inside the daily closing window [from, to) (it may wrap midnight). */
function isClosedAt(at: Date, window: { closeFrom: string; closeTo: string }): boolean {
  const m = bangkokMinutes(at);
  const from = minutesOf(window.closeFrom);
  const to = minutesOf(window.closeTo);
  return from <= to ? m >= from && m < to : m >= from || m < to;
}

/** docs/spec.md §7 slip deposits, docs/design.md §9.5: decode, verify, apply the rules, credit once. */
export class SlipService {
  constructor(private readonly deps: SlipDeps) {}

  /**
   * `bonus`: the deposit bonus the member chose on the slip sheet, stored with the slip and claimed when it is
   * credited (now, or by the retry job after a verifier outage); the answer says what became of it.
   */
  async upload(
    member: { id: number; currency: string },
    file: ReceivedFile | null,
    bonus?: ChosenBonus,
  ): Promise<SlipAnswer> {
    const window = await this.deps.settings.get('slipWindow');
    const now = this.deps.clock.now();
    if (isClosedAt(now, window)) throw new AppError('SLIP_UPLOAD_FAIL');
    const accepted = await acceptUpload(file, SLIP_UPLOAD);
    // read the QR from the original bytes (before re-encoding shrinks it), EXIF rotation applied
    const texts = await decodeQrTexts(accepted.data).catch((err: unknown) => {
      this.deps.log.warn({ err }, 'slip QR decode failed');
      return [] as string[];
    });
    const stored = await storeAcceptedUpload(this.deps.storage, accepted, SLIP_UPLOAD);
    const payload = texts.find((t) => readSlipQr(t).kind === 'ok') ?? texts[0] ?? null;
    const read = payload ? readSlipQr(payload) : null;
    const [row] = await this.deps.db
      .insert(slips)
      .values({
        id: newDepositId('S'),
        memberId: member.id,
        status: 'PROCESSING',
        storageKey: stored.key,
        qrPayload: payload?.slice(0, 512) ?? null,
        sendingBank: read?.kind === 'ok' ? read.sendingBank : null,
        transRef: read?.kind === 'ok' ? read.transRef : null,
        currency: member.currency,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const intent = { channel: 'slip', intentId: row!.id } as const;
    const refused = bonus ? await chooseForCredit(this.deps, member, intent, bonus) : null;
    const isTiny = Math.min(accepted.width ?? 0, accepted.height ?? 0) < MIN_SLIP_SIDE_PX;
    const decided =
      !payload && isTiny ? await this.fail(row!, 'IMG_SIZE_UNABLE_TO_PROCESS') : await this.evaluate(row!);
    // a failed slip credits nothing: its bonus is not mentioned
    if (!bonus || decided.status === 'FAILED') return answerOf(decided);
    return { ...answerOf(decided), ...(await outcomeForAnswer(this.deps.db, member.id, intent, bonus, refused)) };
  }

  /** A slip by id, with the key of its stored image (the operator's detail and image). */
  async find(id: string): Promise<SlipRow | null> {
    const [row] = await this.deps.db.select().from(slips).where(eq(slips.id, id));
    return row ?? null;
  }

  /** A member's own slip only (GET /api/statement/slip/reference/{reference}); someone else's is NOT_FOUND. */
  async findOwn(memberId: number, id: string): Promise<SlipRow> {
    const row = await this.find(id);
    if (!row || row.memberId !== memberId) throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * An operator reads a failed slip's stored image again and verifies it again (after a verifier fix, a better
   * decode): back to PROCESSING, then the same rules and the same once-only credit. A stored image that is gone is
   * UPLOADED_FILE_NOT_EXIST. The audit row is the caller's.
   */
  async reverify(id: string): Promise<{ before: SlipRow; after: SlipRow }> {
    const before = await this.find(id);
    if (!before) throw new AppError('NOT_FOUND');
    // credited, or waiting on its deposit's operator decision: nothing to verify again
    if (before.status === 'SUCCESS' || before.status === 'REVIEW') return { before, after: before };
    const bytes = await readAll(this.deps.storage, before.storageKey);
    const now = this.deps.clock.now();
    const [reset] = await this.deps.db
      .update(slips)
      .set({ status: 'PROCESSING', note: null, attempts: 0, updatedAt: now })
      .where(and(eq(slips.id, id), eq(slips.status, before.status)))
      .returning();
    if (!reset) return { before, after: (await this.find(id)) ?? before };
    if (!bytes) return { before, after: await this.fail(reset, 'UPLOADED_FILE_NOT_EXIST') };
    const texts = await decodeQrTexts(bytes).catch(() => [] as string[]);
    const payload = texts.find((t) => readSlipQr(t).kind === 'ok') ?? texts[0] ?? reset.qrPayload;
    const read = payload ? readSlipQr(payload) : null;
    const [decoded] = await this.deps.db
      .update(slips)
      .set({
        qrPayload: payload?.slice(0, 512) ?? null,
        sendingBank: read?.kind === 'ok' ? read.sendingBank : null,
        transRef: read?.kind === 'ok' ? read.transRef : null,
      })
      .where(and(eq(slips.id, id), eq(slips.status, 'PROCESSING')))
      .returning();
    return { before, after: await this.evaluate(decoded ?? reset) };
  }

  /** Decide a PROCESSING slip, or leave it PROCESSING while the verifier has no definite answer. */
  private async evaluate(slip: SlipRow): Promise<SlipRow> {
    const read = slip.qrPayload ? readSlipQr(slip.qrPayload) : null;
    if (!read) return this.fail(slip, 'CANNOT_READ_CROPPED_IMAGE');
    if (read.kind === 'not_slip') return this.fail(slip, 'INVALID_SLIP');
    if (read.kind === 'unstable') return this.fail(slip, 'UNSTABLE_REFNO_ON_SLIP');
    const reference = `${read.sendingBank}.${read.transRef}`;
    // a slip waiting for an operator is not a duplicate: another uploader who passes the rules is told it is in review
    const used = await this.usedAs(reference);
    if (used !== null && used !== 'review') return this.fail(slip, 'SLIP_REFNO_DUPLICATED');

    const answer = await this.deps.verifier().verifySlip(read);
    if (answer.kind === 'not_found') return this.fail(slip, 'INVALID_SLIP');
    if (answer.kind === 'unavailable') {
      const attempts = slip.attempts + 1;
      if (attempts >= MAX_VERIFY_ATTEMPTS) return this.fail(slip, 'UNKNOW_ERROR', { attempts });
      const [row] = await this.deps.db
        .update(slips)
        .set({ attempts, updatedAt: this.deps.clock.now() })
        .where(and(eq(slips.id, slip.id), eq(slips.status, 'PROCESSING')))
        .returning();
      return row ?? slip;
    }
    const verified = answer.slip;
    const extra = { amount: verified.amount, verification: JSON.stringify(serialise(verified)) };
    const decision = await decideSlip(this.deps, slip, verified);
    if (decision.kind === 'fail') return this.fail(slip, decision.reason, extra);

    return this.deps.ledger
      .transaction(async (tx) => {
        const result = await recordIncoming(this.deps.ledger, tx, {
          memberId: slip.memberId,
          channel: 'slip',
          reference,
          sourceId: slip.id,
          amount: verified.amount,
          currency: slip.currency,
          status: decision.kind === 'credit' ? 'credited' : 'review',
          note: decision.kind === 'review' ? decision.why : null,
          at: this.deps.clock.now(),
        });
        // the one deposits row of this slip reference: ours now, or one already waiting for an operator
        const isReview = result.kind === 'review' || (result.kind === 'duplicate' && result.status === 'review');
        // another member's upload of a slip already held: the operator deciding it sees who else claims the money
        if (result.kind === 'duplicate' && result.status === 'review') {
          const claim = `; also uploaded by member ${slip.memberId} (slip ${slip.id})`;
          await tx
            .update(deposits)
            .set({ note: sql`coalesce(${deposits.note}, '') || ${claim}` })
            .where(
              and(
                eq(deposits.id, result.depositId),
                eq(deposits.status, 'review'),
                ne(deposits.memberId, slip.memberId),
                sql`coalesce(${deposits.note}, '') not like ${`%also uploaded by member ${slip.memberId} %`}`,
              ),
            );
        }
        const status = result.kind === 'credited' ? 'SUCCESS' : isReview ? 'REVIEW' : 'FAILED';
        const [row] = await tx
          .update(slips)
          .set({
            ...extra,
            status,
            note: status === 'FAILED' ? 'SLIP_REFNO_DUPLICATED' : null,
            depositId: status === 'FAILED' ? null : result.depositId,
            updatedAt: this.deps.clock.now(),
          })
          .where(and(eq(slips.id, slip.id), eq(slips.status, 'PROCESSING')))
          .returning();
        // another process decided this slip first: roll back our credit, answer theirs
        if (!row) throw new SlipRaced(slip.id);
        return row;
      })
      .catch(async (err: unknown) => {
        if (!(err instanceof SlipRaced)) throw err;
        const [current] = await this.deps.db.select().from(slips).where(eq(slips.id, slip.id));
        return current ?? slip;
      });
  }

  /** The status of the deposit recorded for this slip reference, or null when there is none. */
  private async usedAs(reference: string): Promise<string | null> {
    const [row] = await this.deps.db
      .select({ status: deposits.status })
      .from(deposits)
      .where(and(eq(deposits.channel, 'slip'), eq(deposits.reference, reference)));
    return row?.status ?? null;
  }

  private async fail(
    slip: SlipRow,
    note: SlipFailureReason,
    extra: Partial<Pick<SlipRow, 'attempts' | 'amount' | 'verification'>> = {},
  ): Promise<SlipRow> {
    // the refusal and its event in one transaction: the member hears of it once (LINE, docs/decisions/0041)
    const row = await this.deps.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(slips)
        .set({ ...extra, status: 'FAILED', note, updatedAt: this.deps.clock.now() })
        .where(and(eq(slips.id, slip.id), eq(slips.status, 'PROCESSING')))
        .returning();
      if (failed)
        await emit(tx, {
          type: 'slip.refused',
          payload: { memberId: failed.memberId, slipId: failed.id, reason: note },
        });
      return failed;
    });
    if (row) return row;
    const [current] = await this.deps.db.select().from(slips).where(eq(slips.id, slip.id));
    return current ?? slip;
  }

  /** The retry job: PROCESSING slips whose verifier had no answer, asked again. */
  async retryProcessing(limit = 50): Promise<{ checked: number }> {
    const before = new Date(this.deps.clock.now().getTime() - RETRY_AFTER_MS);
    const rows = await this.deps.db
      .select()
      .from(slips)
      .where(and(eq(slips.status, 'PROCESSING'), lt(slips.updatedAt, before)))
      .orderBy(slips.updatedAt)
      .limit(limit);
    for (const row of rows) {
      try {
        await this.evaluate(row);
      } catch (err) {
        this.deps.log.warn({ err, slip: row.id }, 'slip retry failed');
      }
    }
    return { checked: rows.length };
  }
}

/** The stored image's bytes, or null when it is gone. */
async function readAll(storage: ObjectStorage, key: string): Promise<Buffer | null> {
  try {
    const object = await storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  } catch (err) {
    if (err instanceof StorageNotFoundError) return null;
    throw err;
  }
}

class SlipRaced extends Error {
  constructor(id: string) {
    super(`slip ${id} decided elsewhere`);
  }
}

function serialise(v: VerifiedSlip) {
  return { ...v, amount: v.amount.toString(), transferredAt: v.transferredAt.toISOString() };
}

function answerOf(row: SlipRow): SlipAnswer {
  return {
    message: row.status === 'FAILED' ? (row.note ?? 'UNKNOW_ERROR') : row.status,
    status: row.status,
    ...(row.amount !== null && row.status === 'SUCCESS' ? { amount: toMajor(row.amount) } : {}),
    ...(row.note ? { note: row.note } : {}),
    reference: row.id,
  };
}
