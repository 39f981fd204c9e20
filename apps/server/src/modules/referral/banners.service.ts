import type { AdminBanner, BannerInput, BannerPlace } from '@wallet/contract/admin/referral-refunds';
import type { Banner } from '@wallet/contract/promotions';
import { and, asc, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { promoBanners } from '../../db/schema/referral.ts';
import { AppError } from '../../errors.ts';
import type { ReceivedFile } from '../../lib/uploads/received-file.ts';
import { saveUpload } from '../../lib/uploads/store-upload.ts';
import type { UploadPolicy } from '../../lib/uploads/upload-policy.ts';
import type { ObjectStorage } from '../../providers/storage/object-storage.ts';
import { appendAudit } from '../audit/audit.api.ts';
import type { AuthOperator } from '../auth/auth.api.ts';
import type { ContentLanguage } from '../content/content.api.ts';
import { BANNER_IMAGE_MAX_BYTES } from '@wallet/contract/admin/referral-refunds';

/** Where banner images are served (public: they are marketing pictures shown before the invite and refund modals). */
export const BANNER_IMAGE_PATH = '/api/banners/image/';
export const BANNER_KEY = /^banners\/[a-z0-9-]{36}\.(png|jpg|gif)$/;

const BANNER_UPLOAD: UploadPolicy = {
  name: 'banner',
  maxBytes: BANNER_IMAGE_MAX_BYTES,
  maxPixels: 25_000_000,
  accept: ['image/png', 'image/jpeg', 'image/gif'],
  keyPrefix: 'banners',
  errors: { missing: 'KEY_MISSING', invalid: 'KEY_INVALID', storage: 'INTERNAL_SERVER_ERROR' },
};

type Row = typeof promoBanners.$inferSelect;
type Meta = { ip: string | null };

const toAdmin = (r: Row): AdminBanner => ({
  id: r.id,
  place: r.place as BannerPlace,
  image: r.image,
  html: r.html,
  sortOrder: r.sortOrder,
  isActive: r.isActive,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The banners of the invite and refund modals: the player's list (per language) and the back-office editor. */
export class BannerService {
  constructor(private readonly deps: { db: Db; clock: Clock; storage: ObjectStorage }) {}

  /** Active banners of a place in order; the Lao or English html falls back to Thai when empty. */
  async forPlayer(place: BannerPlace, language: ContentLanguage): Promise<Banner[]> {
    const rows = await this.deps.db
      .select()
      .from(promoBanners)
      .where(and(eq(promoBanners.place, place), eq(promoBanners.isActive, true)))
      .orderBy(asc(promoBanners.sortOrder), asc(promoBanners.id));
    return rows.map((r) => ({ image: r.image, html: (r.html[language] || r.html.th) ?? '' }));
  }

  async list(place: BannerPlace | undefined): Promise<{ banners: AdminBanner[] }> {
    const rows = await this.deps.db
      .select()
      .from(promoBanners)
      .where(place ? eq(promoBanners.place, place) : undefined)
      .orderBy(asc(promoBanners.place), asc(promoBanners.sortOrder), asc(promoBanners.id));
    return { banners: rows.map(toAdmin) };
  }

  async upload(file: ReceivedFile | null): Promise<{ image: string }> {
    const stored = await saveUpload(this.deps.storage, file, BANNER_UPLOAD);
    return { image: `${BANNER_IMAGE_PATH}${stored.key.slice('banners/'.length)}` };
  }

  create(actor: AuthOperator, input: BannerInput, meta: Meta): Promise<{ banner: AdminBanner }> {
    return this.deps.db.transaction(async (tx) => {
      await this.assertImage(input.image);
      const now = this.deps.clock.now();
      const [row] = await tx
        .insert(promoBanners)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('banners: insert returned nothing');
      const banner = toAdmin(row);
      await audit(tx, actor, 'banner.create', banner.id, null, banner, meta, now);
      return { banner };
    });
  }

  update(actor: AuthOperator, id: number, input: BannerInput, meta: Meta): Promise<{ banner: AdminBanner }> {
    return this.deps.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(promoBanners).where(eq(promoBanners.id, id)).for('update');
      if (!existing) throw new AppError('NOT_FOUND');
      if (input.image !== existing.image) await this.assertImage(input.image);
      const now = this.deps.clock.now();
      const [row] = await tx
        .update(promoBanners)
        .set({ ...input, updatedAt: now })
        .where(eq(promoBanners.id, id))
        .returning();
      if (!row) throw new AppError('NOT_FOUND');
      const banner = toAdmin(row);
      await audit(tx, actor, 'banner.update', id, toAdmin(existing), banner, meta, now);
      return { banner };
    });
  }

  delete(actor: AuthOperator, id: number, meta: Meta): Promise<{ ok: true }> {
    return this.deps.db.transaction(async (tx) => {
      const [existing] = await tx.delete(promoBanners).where(eq(promoBanners.id, id)).returning();
      if (!existing) throw new AppError('NOT_FOUND');
      await audit(tx, actor, 'banner.delete', id, toAdmin(existing), null, meta, this.deps.clock.now());
      return { ok: true as const };
    });
  }

  /** A banner names an image that was uploaded (never an outside URL). */
  private async assertImage(image: string): Promise<void> {
    const key = `banners/${image.slice(BANNER_IMAGE_PATH.length)}`;
    if (!BANNER_KEY.test(key) || !(await this.deps.storage.exists(key))) throw new AppError('KEY_INVALID');
  }
}

async function audit(
  tx: Parameters<typeof appendAudit>[0],
  actor: AuthOperator,
  action: string,
  id: number,
  before: unknown,
  after: unknown,
  meta: Meta,
  at: Date,
): Promise<void> {
  await appendAudit(
    tx,
    { actor: { id: actor.id, username: actor.username }, action, target: `banner:${id}`, before, after, ip: meta.ip },
    at,
  );
}
