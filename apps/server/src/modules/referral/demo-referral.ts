import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { promoBanners } from '../../db/schema/referral.ts';
import type { ObjectStorage } from '../../providers/storage/object-storage.ts';
import { DEMO_MEMBER } from '../../bootstrap/demo.ts';
import { ensureMember, memberIdByUsername } from '../account/account.api.ts';
import { hashPassword } from '../auth/auth.api.ts';
import { recordIncoming } from '../deposits/deposits.api.ts';
import type { LedgerService } from '../ledger/ledger.api.ts';
import type { SettingsService } from '../settings/settings.api.ts';
import { BANNER_IMAGE_PATH } from './banners.service.ts';
import { ensureLink } from './links.ts';

type DemoDeps = { db: Db; clock: Clock; storage: ObjectStorage; ledger: LedgerService; settings: SettingsService };

/** The demo member's friend: registered with the demo member's invite code, one credited deposit of 1 000. */
const DEMO_INVITEE = { username: '0898765432', name: 'DEMO FRIEND', bankAccountNo: '9876543210' } as const;
const DEMO_DEPOSIT_MINOR = 100_000n;

const BANNERS = {
  invite: {
    id: '00000000-0000-4000-8000-000000000001',
    colors: ['#0f766e', '#22c55e'],
    html: {
      th: '<h3>ชวนเพื่อน รับค่าคอม 5%</h3><p>ทุกยอดฝากของเพื่อนที่สมัครผ่านลิงก์ของคุณ</p>',
      la: '<h3>ຊວນໝູ່ ຮັບຄ່າຄອມ 5%</h3><p>ທຸກຍອດຝາກຂອງໝູ່ທີ່ສະໝັກຜ່ານລິ້ງຂອງທ່ານ</p>',
      en: '<h3>Invite friends, earn 5%</h3><p>of every deposit a friend makes after joining with your link</p>',
    },
  },
  refund: {
    id: '00000000-0000-4000-8000-000000000002',
    colors: ['#7c2d12', '#f97316'],
    html: {
      th: '<h3>คืนยอดเสีย 5% ทุกวัน</h3><p>รับคืนได้ตั้งแต่ 00:05 น. ของวันถัดไป</p>',
      la: '<h3>ຄືນຍອດເສຍ 5% ທຸກມື້</h3><p>ຮັບຄືນໄດ້ຕັ້ງແຕ່ 00:05 ຂອງມື້ຖັດໄປ</p>',
      en: '<h3>5% cash back on losses, daily</h3><p>claimable from 00:05 the next day</p>',
    },
  },
} as const;

/** A plain gradient picture for a demo banner (text lives in the banner's html). */
async function bannerPicture(colors: readonly [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><defs><linearGradient id="g">
    <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
    <rect width="800" height="400" fill="url(#g)"/><circle cx="640" cy="120" r="90" fill="#ffffff" opacity=".18"/>
    <circle cx="120" cy="330" r="140" fill="#ffffff" opacity=".12"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function seedBanners({ db, clock, storage }: DemoDeps): Promise<void> {
  for (const [place, banner] of Object.entries(BANNERS)) {
    const [existing] = await db.select({ n: count() }).from(promoBanners).where(eq(promoBanners.place, place));
    if (Number(existing?.n ?? 0) > 0) continue;
    const key = `banners/${banner.id}.png`;
    if (!(await storage.exists(key)))
      await storage.put(key, await bannerPicture(banner.colors), { contentType: 'image/png' });
    const now = clock.now();
    await db.insert(promoBanners).values({
      place,
      image: `${BANNER_IMAGE_PATH}${banner.id}.png`,
      html: banner.html,
      sortOrder: 0,
      isActive: true,
      createdAt: now,
      updatedAt: now,
    });
  }
}

/**
 * Demo data (docs/design.md §9.6): the referral rate, banners for invite and refund, and a friend of the demo member who
 * registered with the member's code and deposited once: the real deposit's `deposit.credited` makes the commission
 * claimable through the normal subscriber (nothing is written to a balance directly).
 */
export async function seedDemoReferral(deps: DemoDeps, variant: 'th' | 'la'): Promise<void> {
  await deps.settings.setDefault('referralRates', { depositPercent: 5 });
  await seedBanners(deps);
  const currency = variant === 'la' ? 'LAK' : 'THB';
  const demoId = await memberIdByUsername(deps.db, DEMO_MEMBER.username);
  if (demoId === null) return;
  const friend = await ensureMember(deps.db, {
    username: DEMO_INVITEE.username,
    name: DEMO_INVITEE.name,
    bankCode: variant === 'la' ? 'BCEL' : 'SCB',
    bankAccountName: DEMO_INVITEE.name,
    bankAccountNo: DEMO_INVITEE.bankAccountNo,
    currency,
    inviterId: demoId,
    passwordHash: await hashPassword(`${DEMO_MEMBER.password}-friend`),
  });
  if (!friend) return;
  const { sharedAddressHours } = await deps.settings.get('selfReferralSignals');
  await ensureLink(deps.db, friend.id, deps.clock.now(), sharedAddressHours);
  await deps.ledger.transaction((tx) =>
    recordIncoming(deps.ledger, tx, {
      memberId: friend.id,
      channel: 'manual',
      reference: `demo.invitee.${friend.id}`,
      sourceId: null,
      amount: DEMO_DEPOSIT_MINOR * (currency === 'LAK' ? 100n : 1n),
      currency,
      status: 'credited',
      note: 'demo',
      at: deps.clock.now(),
    }),
  );
}
