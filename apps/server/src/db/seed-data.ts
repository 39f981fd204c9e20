import type { SettingValues } from '../modules/settings/settings.api.ts';
import { CONTENT_TRANSLATIONS, HOWTO_VIDEOS } from './seed-translations.ts';

/** What the seed writes: the keys without a schema default, plus the variant's own values of some that have one. */
export type SeededSettings = Partial<SettingValues> &
  Pick<SettingValues, 'deposit' | 'info' | 'contact' | 'agreements' | 'conditions' | 'notice'>;

type BankSeed = {
  code: string;
  clearingCode: string;
  nameTH: string;
  nameEN: string;
  digits: [number, number];
  english?: boolean;
};

/** Thai banks (docs/payments.md §5.1). TMB is the spec's code for TTB. */
export const THAI_BANKS: BankSeed[] = [
  { code: 'KBANK', clearingCode: '004', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', digits: [10, 10] },
  {
    code: 'KTB',
    clearingCode: '006',
    nameTH: 'ธนาคารกรุงไทย',
    nameEN: 'Krungthai Bank',
    digits: [10, 10],
    english: true,
  },
  { code: 'SCB', clearingCode: '014', nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank', digits: [10, 10] },
  { code: 'BBL', clearingCode: '002', nameTH: 'ธนาคารกรุงเทพ', nameEN: 'Bangkok Bank', digits: [10, 10], english: true },
  {
    code: 'TMB',
    clearingCode: '011',
    nameTH: 'ธนาคารทหารไทยธนชาต',
    nameEN: 'TMBThanachart Bank',
    digits: [10, 10],
    english: true,
  },
  { code: 'BAY', clearingCode: '025', nameTH: 'ธนาคารกรุงศรีอยุธยา', nameEN: 'Bank of Ayudhya', digits: [10, 10] },
  { code: 'GSB', clearingCode: '030', nameTH: 'ธนาคารออมสิน', nameEN: 'Government Savings Bank', digits: [12, 12] },
  { code: 'BAAC', clearingCode: '034', nameTH: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร', nameEN: 'BAAC', digits: [12, 12] },
  {
    code: 'GHB',
    clearingCode: '033',
    nameTH: 'ธนาคารอาคารสงเคราะห์',
    nameEN: 'Government Housing Bank',
    digits: [12, 12],
  },
  { code: 'CIMBT', clearingCode: '022', nameTH: 'ธนาคารซีไอเอ็มบี ไทย', nameEN: 'CIMB Thai', digits: [10, 10] },
  { code: 'UOBT', clearingCode: '024', nameTH: 'ธนาคารยูโอบี', nameEN: 'UOB Thailand', digits: [10, 10] },
  { code: 'KKP', clearingCode: '069', nameTH: 'ธนาคารเกียรตินาคินภัทร', nameEN: 'Kiatnakin Phatra Bank', digits: [10, 10] },
  { code: 'TISCO', clearingCode: '067', nameTH: 'ธนาคารทิสโก้', nameEN: 'TISCO Bank', digits: [14, 14] },
  {
    code: 'LHBANK',
    clearingCode: '073',
    nameTH: 'ธนาคารแลนด์ แอนด์ เฮ้าส์',
    nameEN: 'Land and Houses Bank',
    digits: [10, 10],
  },
  {
    code: 'ISBT',
    clearingCode: '066',
    nameTH: 'ธนาคารอิสลามแห่งประเทศไทย',
    nameEN: 'Islamic Bank of Thailand',
    digits: [10, 10],
  },
  { code: 'ICBCT', clearingCode: '070', nameTH: 'ธนาคารไอซีบีซี (ไทย)', nameEN: 'ICBC Thai', digits: [10, 10] },
  { code: 'TCRB', clearingCode: '071', nameTH: 'ธนาคารไทยเครดิต', nameEN: 'Thai Credit Bank', digits: [10, 10] },
];

/** Lao banks (docs/payments.md §5.2): account numbers vary, validated as 1-18 characters. */
export const LAO_BANKS: BankSeed[] = [
  { code: 'BCEL', clearingCode: '27710418', nameTH: 'ธนาคารการค้าต่างประเทศลาว', nameEN: 'BCEL', digits: [1, 18] },
  { code: 'LDB', clearingCode: '70030418', nameTH: 'ธนาคารพัฒนาลาว', nameEN: 'Lao Development Bank', digits: [1, 18] },
  {
    code: 'APB',
    clearingCode: '70020418',
    nameTH: 'ธนาคารส่งเสริมกสิกรรม',
    nameEN: 'Agricultural Promotion Bank',
    digits: [1, 18],
  },
  { code: 'JDB', clearingCode: '32170418', nameTH: 'ธนาคารร่วมพัฒนา', nameEN: 'Joint Development Bank', digits: [1, 18] },
  { code: 'LVB', clearingCode: '70050418', nameTH: 'ธนาคารลาว-เวียด', nameEN: 'Lao-Viet Bank', digits: [1, 18] },
  { code: 'IDB', clearingCode: '70140418', nameTH: 'ธนาคารอินโดไชน่า', nameEN: 'Indochina Bank', digits: [1, 18] },
  { code: 'STB', clearingCode: '70150418', nameTH: 'ธนาคารเอสที', nameEN: 'ST Bank', digits: [1, 18] },
  { code: 'ACLEDA', clearingCode: '70080418', nameTH: 'ธนาคารอาคลีดา ลาว', nameEN: 'ACLEDA Bank Lao', digits: [1, 18] },
];

export function defaultSettings(variant: 'th' | 'la'): SeededSettings {
  const currency = variant === 'la' ? 'LAK' : 'THB';
  return {
    siteStatus: 'active',
    registerOTP: true,
    enableChatWidget: true,
    withdrawLimits: { withdrawMin: 100, withdrawMax: 50_000, perDayCount: 10, perDayAmount: 500_000 },
    minDeposit: 1,
    slipWindow: { closeFrom: '23:50', closeTo: '00:10', maxAgeMinutes: 60 },
    deposit: {
      isManual: false,
      banks:
        variant === 'la'
          ? [
              {
                bankCode: 'BCEL',
                bankType: 'PAYMENT',
                mode: 'AUTO',
                bank: { nameTH: 'ธนาคารการค้าต่างประเทศลาว', nameEN: 'BCEL' },
                bankAccountName: 'SANDBOX WALLET CO',
                bankAccountNo: '0101000123456',
                currency,
              },
            ]
          : [
              {
                bankCode: 'KBANK',
                bankType: 'PAYMENT',
                mode: 'AUTO',
                bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
                bankAccountName: 'บจก. แซนด์บ็อกซ์ วอลเล็ท',
                bankAccountNo: '0481234567',
                currency,
              },
              {
                bankCode: 'SCB',
                bankType: 'PAYMENT',
                mode: 'SMS',
                bank: { nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
                bankAccountName: 'บจก. แซนด์บ็อกซ์ วอลเล็ท',
                bankAccountNo: '4061234567',
                currency,
              },
            ],
      wallets: variant === 'la' ? [] : [{ walletAccountName: '0891234567', mode: 'AUTO' }],
    },
    info: {
      name: 'Lucky Wallet',
      website: 'https://lucky-wallet.example',
      logo: '/brand/logo.svg',
      primaryColor: '#f5b700',
      accentColor: '#7c3aed',
      videos: HOWTO_VIDEOS.map((code) => ({ code, url: `/videos/${code}.mp4` })),
    },
    contact: {
      contactText: 'ติดต่อทีมงานได้ตลอด 24 ชั่วโมง ผ่าน LINE หรือแชทสดบนเว็บไซต์',
      lineLink: 'https://line.me/R/ti/p/@luckywallet',
      lineName: '@luckywallet',
      lineQR: '/brand/line-qr.svg',
    },
    agreements: [
      '<h3>ข้อตกลงการใช้งาน</h3><p>สมาชิกต้องมีอายุ 18 ปีขึ้นไป และใช้บัญชีธนาคารที่เป็นชื่อของตนเองเท่านั้น</p>',
      '<p>การฝากถอนทุกครั้งจะดำเนินการผ่านบัญชีที่ลงทะเบียนไว้ ระบบจะเติมเงินภายใน 1 นาทีหลังโอน</p>',
      '<p>โบนัสและโปรโมชั่นเป็นไปตามเงื่อนไขที่ระบุ บริษัทขอสงวนสิทธิ์ในการเปลี่ยนแปลงโดยไม่ต้องแจ้งล่วงหน้า</p>',
    ],
    conditions: [
      '<h3>เงื่อนไขโบนัส</h3><p>รับโบนัสได้ครั้งละหนึ่งรายการ ต้องทำยอดเทิร์นโอเวอร์ตามที่กำหนดก่อนถอน</p>',
      '<p>หากยอดเงินรวมต่ำกว่าเกณฑ์ขั้นต่ำ โบนัสจะสิ้นสุดอัตโนมัติ</p>',
    ],
    notice: 'หากยอดเงินคงเหลือต่ำกว่า %percentFail% % ของยอดโบนัส ระบบจะยกเลิกโบนัสอัตโนมัติ',
    contentTranslations: CONTENT_TRANSLATIONS,
    chatPrefix: 'wallet',
    payoutCoolingHours: 24,
  };
}
