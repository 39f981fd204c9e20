import { describe, expect, it } from 'vitest';
import { giftLinkIn } from './gift-link.ts';

const LINK = 'https://gift.truemoney.com/campaign/?v=jmAXkKvy6ek7aK4gcb';

describe('giftLinkIn (docs/payments.md §4)', () => {
  it.each([
    [LINK, LINK],
    [`  ${LINK}\n`, LINK],
    [`ส่งซองของขวัญให้คุณ 🎁 กดรับได้ที่ ${LINK} ภายใน 24 ชั่วโมง`, LINK],
    [`I sent you a gift! (${LINK}).`, LINK],
    ['jmAXkKvy6ek7aK4gcb', 'jmAXkKvy6ek7aK4gcb'],
    ['no link here', 'no link here'],
  ])('finds the link in %j', (text, link) => expect(giftLinkIn(text)).toBe(link));
});
