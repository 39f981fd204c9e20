import { describe, expect, it } from 'vitest';
import {
  billPaymentPayload,
  crc16,
  hasValidCrc,
  lapnetPayload,
  readPaymentQr,
  readSlipQr,
  slipQrPayload,
} from './emvco.ts';

/** docs/payments.md §1.2, §1.3, §2, §3.1 vectors, verbatim. */
describe('EMVCo CRC and payloads', () => {
  it('CRC-16/CCITT-FALSE check value', () => expect(crc16('123456789')).toBe('29B1'));

  it.each([
    '00020101021129370016A0000006770101110113006681222333353037645802TH63041DCF',
    // docs/payments.md prints this one with `010211`; promptparse's vector (and its CRC) is the dynamic `010212`
    '00020101021229370016A0000006770101110113006681222333353037645802TH540530.0063043CAD',
    '00020101021130620016A000000677010112011301122334455660211CUSTOMER0010306INV00153037645802TH62070703SCB6304780E',
    '00020101021229370016A0000006770101110413014123456789053037645406100.005802TH6304901D',
    '00020101021229370016A0000006770101110113006681234567853037645406100.005802TH6304F142',
  ])('PromptPay vector %s', (payload) => expect(hasValidCrc(payload)).toBe(true));

  it('builds the synthetic bill payment of §1.3 byte for byte', () => {
    const built = billPaymentPayload({
      billerId: '010555512345601',
      ref1: 'MEM0001234',
      ref2: 'DEP2501010001',
      amount: '500.00',
      merchantName: 'SANDBOX WALLET',
      ref3: 'SBX',
    });
    expect(built).toBe(
      '00020101021230700016A00000067701011201150105555123456010210MEM00012340313DEP250101000153037645406500.005802TH5914SANDBOX WALLET62070703SBX6304AD70',
    );
    expect(readPaymentQr(built)).toEqual({
      paymentId: 'DEP2501010001',
      memberRef: 'MEM0001234',
      merchantId: '010555512345601',
      amount: '500.00',
      currency: 'THB',
    });
  });

  it('reads a LAPNet QR and refuses a tampered one', () => {
    const built = lapnetPayload({ iin: '27710418', merchantId: 'SBXMERCHANT0001', amountKip: '50000', bill: 'Q1' });
    expect(readPaymentQr(built)?.paymentId).toBe('Q1');
    expect(readPaymentQr(built.replace('50000', '90000'))).toBeNull();
  });

  it.each([
    ['004000060000010103002021900021231231212000115102TH91049C30', '002', '0002123123121200011'],
    ['004100060000010103014022000111222233344ABCD125102TH910417DF', '014', '00111222233344ABCD12'],
    ['0041000600000101030040220016001123456789ABC125102TH91043EAD', '004', '016001123456789ABC12'],
  ])('slip mini-QR %s', (payload, bank, ref) => {
    expect(readSlipQr(payload)).toEqual({ kind: 'ok', sendingBank: bank, transRef: ref });
    expect(slipQrPayload(bank, ref)).toBe(payload);
  });

  it('slip QR: a bad CRC is unstable, a payment QR is not a slip', () => {
    expect(readSlipQr('0041000600000101030040220016001123456789ABC125102TH91043EAE').kind).toBe('unstable');
    expect(readSlipQr('00020101021129370016A0000006770101110113006681222333353037645802TH63041DCF').kind).toBe(
      'not_slip',
    );
  });
});
