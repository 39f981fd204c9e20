import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { promotions } from '../../db/schema/promotions.ts';

type NewPromotion = typeof promotions.$inferInsert;
type L = { th: string; la: string; en: string };

/** the demo banners are committed SVGs (apps/player/public/promotions); their text is in the picture */
const banner = (name: string) => ({ image: `/promotions/${name}.svg`, html: '' });

const rules = (turnover: number): Pick<NewPromotion, 'successRule' | 'turnoverMultiple' | 'successPercent'> => ({
  successRule: 'turnover',
  turnoverMultiple: turnover,
  successPercent: 0,
});

const NAMES: Record<string, { name: L; description: L }> = {
  FIRST50: {
    name: { th: 'โบนัสฝากแรก 50%', la: 'ໂບນັດຝາກທຳອິດ 50%', en: 'First deposit 50%' },
    description: {
      th: 'รับ 50% ของยอดฝาก สูงสุด 500 บาท ทำเทิร์น 5 เท่า',
      la: 'ຮັບ 50% ຂອງຍອດຝາກ ສູງສຸດ 500 ບາດ ເທີນ 5 ເທົ່າ',
      en: '50% of your deposit up to 500 THB, 5× turnover',
    },
  },
  DAILY10: {
    name: { th: 'โบนัสรายวัน 10%', la: 'ໂບນັດປະຈຳວັນ 10%', en: 'Daily 10% bonus' },
    description: {
      th: 'ฝาก 100 บาทขึ้นไป รับ 10% วันละครั้ง ทำยอดเครดิต 200%',
      la: 'ຝາກ 100 ບາດຂຶ້ນໄປ ຮັບ 10% ມື້ລະເທື່ອ ເຄຣດິດ 200%',
      en: 'Deposit 100 THB or more, get 10% once a day; reach 200% credit',
    },
  },
  WEEKLY20: {
    name: { th: 'โบนัสรายสัปดาห์ 20%', la: 'ໂບນັດປະຈຳອາທິດ 20%', en: 'Weekly 20% bonus' },
    description: {
      th: 'รับ 20% สัปดาห์ละ 2 ครั้ง สูงสุด 300 บาท ทำเทิร์น 3 เท่า',
      la: 'ຮັບ 20% ອາທິດລະ 2 ເທື່ອ ສູງສຸດ 300 ບາດ ເທີນ 3 ເທົ່າ',
      en: '20% twice a week up to 300 THB, 3× turnover',
    },
  },
  WELCOME100: {
    name: { th: 'โค้ดต้อนรับ 100 บาท', la: 'ໂຄດຕ້ອນຮັບ 100 ບາດ', en: 'Welcome code 100 THB' },
    description: {
      th: 'รับเครดิตฟรี 100 บาท ทำเทิร์น 3 เท่า ยอดต่ำกว่า %percentFail% ถือว่าจบโปร',
      la: 'ຮັບເຄຣດິດຟຣີ 100 ບາດ ເທີນ 3 ເທົ່າ ຍອດຕ່ຳກວ່າ %percentFail% ຖືວ່າຈົບໂປຣ',
      en: 'A free 100 THB credit, 3× turnover; the promotion ends below %percentFail%',
    },
  },
};

/** a claim is refused above 5.00 held (docs/decisions/0020-bonus-cancel-and-claim-rules.md) */
const common = { minDeposit: 0n, isActive: true, maxWithdrawMultiple: null, maxBet: null, maxBalanceAtClaim: 500n };

/** Demo bonuses of each receive type and both success rules, and the promotion code WELCOME100 (docs/design.md §9.6). */
const DEMO: NewPromotion[] = [
  {
    ...common,
    ...rules(5),
    ...NAMES.FIRST50!,
    kind: 'bonus',
    code: 'FIRST50',
    type: 'limit',
    maxReceived: 1,
    percent: 50,
    maxAmount: 50_000n,
    percentFail: 10,
    maxWithdrawMultiple: 10,
    banners: [banner('first50')],
  },
  {
    ...common,
    ...NAMES.DAILY10!,
    kind: 'bonus',
    code: 'DAILY10',
    type: 'day',
    maxReceived: 1,
    percent: 10,
    minDeposit: 10_000n,
    maxAmount: 20_000n,
    successRule: 'credit',
    turnoverMultiple: 0,
    successPercent: 200,
    percentFail: 20,
    banners: [banner('daily10')],
  },
  {
    ...common,
    ...rules(3),
    ...NAMES.WEEKLY20!,
    kind: 'bonus',
    code: 'WEEKLY20',
    type: 'week',
    maxReceived: 2,
    percent: 20,
    maxAmount: 30_000n,
    percentFail: 10,
    maxBet: 50_000n,
    banners: [banner('weekly20')],
  },
  {
    ...common,
    ...rules(3),
    ...NAMES.WELCOME100!,
    kind: 'code',
    code: 'WELCOME100',
    type: 'limit',
    maxReceived: 1,
    percent: 0,
    maxAmount: 10_000n,
    percentFail: 10,
    // no balance rule: a turnover code counts only bets made after the claim, so money already held cannot meet it
    // (the demo member, 1,000 in the wallet, claims it on the promotions screen)
    maxBalanceAtClaim: null,
    banners: [banner('welcome100')],
  },
];

/** Seeds the demo promotions once (several processes may boot together). */
export async function seedDemoPromotions(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('promotions-demo-seed'))`);
    const [any] = await tx.select({ id: promotions.id }).from(promotions).limit(1);
    if (any) return;
    await tx.insert(promotions).values(DEMO);
  });
}
