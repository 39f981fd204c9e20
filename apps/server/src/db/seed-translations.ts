import type { ContentTranslations } from '../modules/settings/settings.api.ts';

/** Lao names of the banks a member can register (the spec's nameTH stays Thai; nameEN is in seed-data.ts). */
export const BANK_NAMES_LA: Record<string, string> = {
  KBANK: 'ທະນາຄານກະສິກອນໄທ',
  KTB: 'ທະນາຄານກຸງໄທ',
  SCB: 'ທະນາຄານໄທພານິດ',
  BBL: 'ທະນາຄານກຸງເທບ',
  TMB: 'ທະນາຄານທະຫານໄທທະນະຊາດ',
  BAY: 'ທະນາຄານກຸງສີອະຍຸທະຍາ',
  GSB: 'ທະນາຄານອອມສິນ',
  BAAC: 'ທະນາຄານເພື່ອການກະເສດ ແລະ ສະຫະກອນການກະເສດ',
  GHB: 'ທະນາຄານອາຄານສົງເຄາະ',
  CIMBT: 'ທະນາຄານ ຊີໄອເອັມບີ ໄທ',
  UOBT: 'ທະນາຄານ ຢູໂອບີ',
  KKP: 'ທະນາຄານກຽດນາຄິນພັດທະ',
  TISCO: 'ທະນາຄານ ທິສໂກ້',
  LHBANK: 'ທະນາຄານ ແລນ ແອນ ເຮົ້າສ໌',
  ISBT: 'ທະນາຄານອິດສະລາມແຫ່ງປະເທດໄທ',
  ICBCT: 'ທະນາຄານ ໄອຊີບີຊີ (ໄທ)',
  TCRB: 'ທະນາຄານໄທເຄຣດິດ',
  BCEL: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
  LDB: 'ທະນາຄານພັດທະນາລາວ',
  APB: 'ທະນາຄານສົ່ງເສີມກະສິກຳ',
  JDB: 'ທະນາຄານຮ່ວມພັດທະນາ',
  LVB: 'ທະນາຄານຮ່ວມທຸລະກິດ ລາວ-ຫວຽດ',
  IDB: 'ທະນາຄານອິນໂດຈີນ',
  STB: 'ທະນາຄານ ເອັສທີ',
  ACLEDA: 'ທະນາຄານ ເອຊີລີດາ ລາວ',
};

/** Sources of discovery in the three languages (brand names are the same everywhere). */
export const SOURCES = [
  { code: 'FACEBOOK', description: 'Facebook', descriptionLA: 'Facebook', descriptionEN: 'Facebook' },
  { code: 'LINE', description: 'LINE', descriptionLA: 'LINE', descriptionEN: 'LINE' },
  { code: 'TIKTOK', description: 'TikTok', descriptionLA: 'TikTok', descriptionEN: 'TikTok' },
  { code: 'GOOGLE', description: 'Google', descriptionLA: 'Google', descriptionEN: 'Google' },
  { code: 'YOUTUBE', description: 'YouTube', descriptionLA: 'YouTube', descriptionEN: 'YouTube' },
  { code: 'FRIEND', description: 'เพื่อนแนะนำ', descriptionLA: 'ໝູ່ແນະນຳ', descriptionEN: 'A friend told me' },
  { code: 'OTHER', description: 'อื่น ๆ', descriptionLA: 'ອື່ນໆ', descriptionEN: 'Other' },
];

/** The how-to clips of docs/spec.md §2 in display order (Thai at /videos/{code}.mp4; `npm run videos` records all). */
export const HOWTO_VIDEOS = ['wallet', 'play', 'balance', 'bonus', 'cancel-bonus'];
/** Each language's clips, recorded from the app in that language (scripts/make-howto-videos.mjs). */
const videosIn = (language: 'la' | 'en') =>
  HOWTO_VIDEOS.map((code) => ({ code, url: `/videos/${language}/${code}.mp4` }));

/** The Lao and English forms of the default agreements, conditions, contact text, notice and how-to videos. */
export const CONTENT_TRANSLATIONS: ContentTranslations = {
  la: {
    agreements: [
      '<h3>ຂໍ້ຕົກລົງການນຳໃຊ້</h3><p>ສະມາຊິກຕ້ອງມີອາຍຸ 18 ປີຂຶ້ນໄປ ແລະ ໃຊ້ບັນຊີທະນາຄານທີ່ເປັນຊື່ຂອງຕົນເອງເທົ່ານັ້ນ</p>',
      '<p>ການຝາກ ແລະ ຖອນທຸກຄັ້ງຈະດຳເນີນຜ່ານບັນຊີທີ່ລົງທະບຽນໄວ້ ລະບົບຈະເຕີມເງິນພາຍໃນ 1 ນາທີຫຼັງຈາກໂອນ</p>',
      '<p>ໂບນັດ ແລະ ໂປຣໂມຊັນເປັນໄປຕາມເງື່ອນໄຂທີ່ກຳນົດ ບໍລິສັດຂໍສະຫງວນສິດໃນການປ່ຽນແປງໂດຍບໍ່ຕ້ອງແຈ້ງລ່ວງໜ້າ</p>',
    ],
    conditions: [
      '<h3>ເງື່ອນໄຂໂບນັດ</h3><p>ຮັບໂບນັດໄດ້ເທື່ອລະໜຶ່ງລາຍການ ຕ້ອງເຮັດຍອດເທີນໂອເວີຕາມທີ່ກຳນົດກ່ອນຖອນ</p>',
      '<p>ຖ້າຍອດເງິນລວມຕ່ຳກວ່າເກນຂັ້ນຕ່ຳ ໂບນັດຈະສິ້ນສຸດອັດຕະໂນມັດ</p>',
    ],
    contactText: 'ຕິດຕໍ່ທີມງານໄດ້ຕະຫຼອດ 24 ຊົ່ວໂມງ ຜ່ານ LINE ຫຼື ແຊັດສົດໃນເວັບໄຊ',
    notice: 'ຖ້າຍອດເງິນຄົງເຫຼືອຕ່ຳກວ່າ %percentFail% % ຂອງຍອດໂບນັດ ລະບົບຈະຍົກເລີກໂບນັດອັດຕະໂນມັດ',
    videos: videosIn('la'),
  },
  en: {
    agreements: [
      '<h3>Terms of use</h3><p>Members must be 18 or older and may only use a bank account in their own name.</p>',
      '<p>Every deposit and withdrawal goes through the registered account. Deposits are credited within 1 minute of the transfer.</p>',
      '<p>Bonuses and promotions follow their stated conditions. The company may change them without prior notice.</p>',
    ],
    conditions: [
      '<h3>Bonus conditions</h3><p>One bonus at a time. The required turnover must be reached before withdrawing.</p>',
      '<p>If the total balance falls below the minimum, the bonus ends automatically.</p>',
    ],
    contactText: 'Our team is here 24 hours a day on LINE or the live chat on the website.',
    notice: 'If your balance falls below %percentFail% % of the bonus amount, the bonus is cancelled automatically.',
    videos: videosIn('en'),
  },
};
