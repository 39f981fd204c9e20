/** Business constants and limits (docs/spec.md §9), shared by server and player. Units in the names. */
export const APP_VERSION = '1.1.14';

export const HTTP_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 300_000;

export const PHONE_LENGTH = 10;
export const LAO_CURRENCIES = ['LAK', 'BAHT'] as const;
export type LaoCurrency = (typeof LAO_CURRENCIES)[number];
export const DEFAULT_LAO_CURRENCY: LaoCurrency = 'LAK';
export const CURRENCIES = ['THB', 'LAK'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const ENGLISH_NAME_BANKS = ['KTB', 'TMB', 'BBL'] as const;
export const RECOMMENDED_BANKS = ['KBANK', 'KTB'] as const;
export const ENGLISH_NAME_PATTERN = /^[A-Za-z ]+$/;

/** Minor units per major unit (satang per baht, 1/100 kip). */
export const MINOR_PER_MAJOR = 100;
export const MAX_AMOUNT = 1e12;
export const TRANSFER_MIN_BAHT = 1;
export const TRUEWALLET_MIN_BAHT = 2;

export const QR_PROVIDERS = ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY'] as const;
export type QrProvider = (typeof QR_PROVIDERS)[number];
/** each channel's smallest QR, whole baht (a kip wallet has only its own minimum: kipAmounts) */
export const QR_MIN_AMOUNT: Record<QrProvider, number> = { KBANK: 0, WW: 100, PAYONEX: 100, PAYTIMZ: 10, ZPAY: 10 };

export const CHAT_TEXT_MAX_CHARS = 2000;
export const CHAT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CHAT_VIDEO_MAX_BYTES = 20 * 1024 * 1024;
/** a transfer slip image (docs/spec.md names no limit: phone screenshots are well under it) */
export const SLIP_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CHAT_HISTORY_PAGE_SIZE = 10;
export const CHAT_MARK_READ_DEBOUNCE_MS = 1000;
export const CHAT_SOCKET_CHECK_MS = 5000;
export const CHAT_SCROLL_BOTTOM_PX = 60;
export const CHAT_ATTACHMENT_TYPES = [
  'video/mp4',
  'video/quicktime',
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/gif',
] as const;

export const TOAST_DURATION_MS = 4000;
export const REGISTER_REDIRECT_MS = 2000;
export const LOADING_SPINNER_DELAY_MS = 200;
export const AGREEMENT_DELAY_MS = 1500;
export const CLAIM_DEBOUNCE_MS = 500;

export const STATEMENT_PAGE_SIZE = 10;
export const PAGINATION_BEFORE = 3;
export const PAGINATION_AFTER = 1;
export const SLIP_PAGE_SIZE = 10;
export const INVITE_PAGE_SIZE = 10;
export const REFUND_PAGE_SIZE = 10;
export const COUPON_PAGE_SIZE = 3;
export const HOME_SLIDER_COUNT = 6;

export const WHEEL_MAX_PX = 350;
export const WHEEL_WINDOW_RATIO = 0.85;
export const WHEEL_RESIZE_DEBOUNCE_MS = 500;
export const WHEEL_FRICTION = 0.991;
export const WHEEL_PRIZE_DELAY_MS = 2000;

export const SECONDS_PER_YEAR = 31_536_000;
export const SECONDS_PER_MONTH = 2_592_000;

/** Server-side rules (docs/design.md, issue notes). */
export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_VERIFY_ATTEMPTS = 5;
export const OTP_SEND_INTERVAL_MS = 60_000;
export const OTP_SENDS_PER_DAY = 5;
/** How long the ticket handed to the client that verified a registration OTP stays valid (single use). */
export const OTP_TICKET_TTL_MS = 30 * 60_000;
export const SLIP_MAX_AGE_MS = 60 * 60_000;
export const TIME_ZONE = 'Asia/Bangkok';

export const WALLET_CODE = 'WALLET';
export const GAME_CODES = [
  'pg',
  'betflix',
  'askmebet',
  'imi',
  'usun',
  'areaslot',
  'circus',
  'slotracha',
  'pgslot',
  'joker2',
  'huayhd',
] as const;
export type GameCode = (typeof GAME_CODES)[number];
export const GAME_CATEGORIES = ['slot', 'sport', 'lotto'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

export const WALLET_USER_HEADER = 'X-Wallet-User';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * Why an operator refuses a withdrawal (shown to the player, translated as `withdraw:reasons.<CODE>`), and why a
 * bank refuses a payout (the bank port's PayoutRejection).
 */
export const WITHDRAW_REJECT_REASONS = [
  'BANK_ACCOUNT_INVALID',
  'ACCOUNT_NAME_MISMATCH',
  'TURNOVER_INCOMPLETE',
  'SUSPICIOUS_ACTIVITY',
  'DUPLICATE_REQUEST',
  'PAYOUT_FAILED',
  'OTHER',
] as const;
export type WithdrawRejectReason = (typeof WITHDRAW_REJECT_REASONS)[number];

/**
 * A withdrawal's life (docs/design.md §9.4): pending_review → approved → paying → paid | payout_failed → …;
 * `cancelled`: its member withdrew the request while it was still pending_review (the money went back to the wallet).
 */
export const WITHDRAWAL_STATUSES = [
  'pending_review',
  'approved',
  'paying',
  'paid',
  'payout_failed',
  'rejected',
  'cancelled',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Chat typing (docs/design.md §9.8): a typing client emits `typing: true` at most this often (the server drops faster ones). */
export const CHAT_TYPING_THROTTLE_MS = 2_000;
/** A typing indicator not refreshed for this long goes away (a client that vanished mid-word). */
export const CHAT_TYPING_TTL_MS = 5_000;

/** A member's password: 6 to 128 characters, counted as code points (docs/decisions/0004-password-rules.md). */
export const MEMBER_PASSWORD_MIN_CHARS = 6;
export const MEMBER_PASSWORD_MAX_CHARS = 128;
