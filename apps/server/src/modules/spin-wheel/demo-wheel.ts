import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { spinSlices, spinWheels, type Localized, type PrizeType } from '../../db/schema/spin-wheel.ts';

type DemoSlice = {
  code: string;
  label: Localized;
  bgColor: string;
  textColor: string;
  weight: number;
  prizeType: PrizeType;
  baht: number;
};

const cash = (baht: number): Localized => ({ th: `${baht} บาท`, la: `${baht} ບາດ`, en: `${baht} THB` });
const AGAIN: Localized = { th: 'ลองใหม่', la: 'ລອງໃໝ່', en: 'Try again' };

/** The demo wheel (docs/design.md §9.7): 8 slices — cash prizes, a bonus coupon and two "try again". */
const DEMO_SLICES: DemoSlice[] = [
  {
    code: 'CASH_10',
    label: cash(10),
    bgColor: '#f59e0b',
    textColor: '#1f1300',
    weight: 30,
    prizeType: 'credit',
    baht: 10,
  },
  { code: 'AGAIN_1', label: AGAIN, bgColor: '#312e81', textColor: '#e0e7ff', weight: 22, prizeType: 'none', baht: 0 },
  {
    code: 'CASH_20',
    label: cash(20),
    bgColor: '#ec4899',
    textColor: '#ffffff',
    weight: 15,
    prizeType: 'credit',
    baht: 20,
  },
  {
    code: 'BONUS_50',
    label: { th: 'โบนัส 50', la: 'ໂບນັດ 50', en: 'Bonus 50' },
    bgColor: '#10b981',
    textColor: '#022c22',
    weight: 8,
    prizeType: 'bonus',
    baht: 50,
  },
  {
    code: 'CASH_50',
    label: cash(50),
    bgColor: '#0ea5e9',
    textColor: '#ffffff',
    weight: 10,
    prizeType: 'credit',
    baht: 50,
  },
  { code: 'AGAIN_2', label: AGAIN, bgColor: '#4c1d95', textColor: '#ede9fe', weight: 10, prizeType: 'none', baht: 0 },
  {
    code: 'CASH_100',
    label: cash(100),
    bgColor: '#ef4444',
    textColor: '#ffffff',
    weight: 4,
    prizeType: 'credit',
    baht: 100,
  },
  {
    code: 'CASH_500',
    label: cash(500),
    bgColor: '#facc15',
    textColor: '#3b2300',
    weight: 1,
    prizeType: 'credit',
    baht: 500,
  },
];

const describe = (s: DemoSlice): Localized =>
  s.prizeType === 'none'
    ? { th: 'ครั้งหน้าโชคดีแน่นอน', la: 'ເທື່ອໜ້າໂຊກດີແນ່ນອນ', en: 'Better luck next spin' }
    : s.prizeType === 'bonus'
      ? {
          th: `โบนัส ${s.baht} บาท ทำเทิร์น 3 เท่า`,
          la: `ໂບນັດ ${s.baht} ບາດ ເທີນ 3 ເທົ່າ`,
          en: `${s.baht} THB bonus, 3× turnover`,
        }
      : {
          th: `คูปองเงินสด ${s.baht} บาท กดรับในคูปองของฉันก่อนหมดอายุ`,
          la: `ຄູປອງເງິນສົດ ${s.baht} ບາດ ກົດຮັບໃນຄູປອງຂອງຂ້ອຍກ່ອນໝົດອາຍຸ`,
          en: `${s.baht} THB cash coupon: claim it in My coupons before it expires`,
        };

/** Seed the demo wheel once: only when no wheel exists yet (an operator's wheels are never touched). */
export async function seedDemoWheel(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // one seeding process at a time (several processes boot together)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('spin-wheel-demo-seed'))`);
    const [any] = await tx.select({ id: spinWheels.id }).from(spinWheels).limit(1);
    if (any) return;
    const [wheel] = await tx
      .insert(spinWheels)
      .values({ name: 'Lucky Wheel', isActive: true })
      .returning({ id: spinWheels.id });
    if (!wheel) throw new Error('spin-wheel: demo wheel insert returned nothing');
    await tx.insert(spinSlices).values(
      DEMO_SLICES.map((s, position) => ({
        wheelId: wheel.id,
        position,
        code: s.code,
        label: s.label,
        description: describe(s),
        bgColor: s.bgColor,
        textColor: s.textColor,
        weight: s.weight,
        prizeType: s.prizeType,
        amount: BigInt(s.baht * 100),
        couponHours: 72,
        condition: s.prizeType === 'bonus' ? { turnoverMultiple: 3, percentFail: 10 } : null,
      })),
    );
  });
}
