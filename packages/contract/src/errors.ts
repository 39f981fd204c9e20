/** The closed list of server message codes (docs/spec.md §8). Translated as `errors.<CODE>`. */
export const ERROR_CODES = [
  // auth
  'UNAUTHORIZED',
  'EXPIRED_AUTH_TOKEN',
  'INVALID_USER_1',
  'INVALID_USER_2',
  'INVALID_USER_3',
  'INVALID_USER_4',
  'INVALID_IP',
  'INACTIVE_USER',
  'LOGIN_FAIL',
  'WRONG_CREDENTIAL',
  'WRONG_PASSWORD',
  'NO_USER',
  // rate limit
  'REQUEST_LIMIT',
  'OTP_BLOCK',
  'REQUEST_LIMIT_1MIN',
  // otp
  'OTP_TOKEN_INVALID',
  'OTP_NOT_EXIST',
  'OTP_VERIFIED',
  'OTP_EXPIRED',
  'OTP_CODE_INVALID',
  'OTP_CODE_VALID',
  'OTP_SEND_FAIL',
  'OTP_VERIFY_FAIL',
  'UNVERIFIED_OTP',
  // registration
  'EXISTING_USER',
  'EXISTING_BANK',
  'INVALID_USER_INFO',
  'INVALID_BANK',
  'BANK_ACCOUNT_NAME_ENG',
  'REGISTER_FAIL',
  'PHONE_NUMBER_REQUIRE_10_DIGIT',
  // bonus
  'BONUS_REMAINING',
  'BONUS_ALREADY_ACTIVE',
  'BONUS_MAX_CLAIMED',
  'BONUS_CONDITION',
  'BONUS_CLEAR',
  'BONUS_FULL',
  'NO_PROMOTION',
  'PROMOTION_RECEIVED',
  // invite
  'INVITE_COLLECT',
  'INVITE_INACTIVE',
  'NO_INVITE_BONUS',
  'NO_INVITEE_PLAY_INFO',
  'INVITE_BONUS_SUCCESS',
  'INVITE_BONUS_FAIL',
  // refund
  'NO_REFUND',
  'REFUND_CONDITION',
  'REFUND_SUCCESS',
  'REFUND_INACTIVE',
  'REFUND_MINIMUM',
  // games and money
  'SLOT_ALREADY_ACTIVE',
  'SLOT_ACTIVATE_FAIL',
  'GAME_ACTIVATION_FAIL',
  'SLOT_NO_ACCOUNT',
  'SLOT_RESET_PASSWORD_FAIL',
  'TRANSFER_MINIMUM',
  'MONEY_NOT_ENOUGH',
  'TRANSFER_FAIL',
  'NO_GAME',
  'NO_BANK',
  'NO_WALLET',
  'NOT_AREASLOT',
  'NOT_UFABET',
  // deposit
  'QR_FAIL',
  'SLIP_UPLOAD_FAIL',
  'SLIP_NO_FILE',
  'SLIP_INVALID_FILE',
  'TRUELINK_DUPLICATE',
  'TRUELINK_INVALID',
  // generic
  'INTERNAL_SERVER_ERROR',
  'KEY_MISSING',
  'KEY_INVALID',
  'NO_DATA',
  'OK',
  'SUCCESS',
  // spin coupon
  'NO_CLAIMABLE_COUPON',
  'INVALID_PRIZE_CODE',
  'INVALID_CODE',
  'INVALID_COUPON_TYPE',
  'COUPON_EXPIRED',
  // added by this product (docs/decisions/0003-extra-error-codes.md)
  'NOT_IMPLEMENTED',
  'NOT_FOUND',
  'TRANSFER_PENDING',
  'IDEMPOTENCY_IN_PROGRESS',
  'FORBIDDEN',
  // operator sign-in and console session (docs/decisions/0021-operator-console-session.md)
  'OPERATOR_CREDENTIAL_WRONG',
  'SIGN_IN_LOCKED',
  'CSRF_REFUSED',
  // operator enrolment and own password (docs/decisions/0023-operator-enrolment.md)
  'ENROLMENT_INVALID',
  'ENROLMENT_EXPIRED',
  'TOTP_CODE_WRONG',
  'PASSWORD_TOO_SHORT',
  // a member's password outside the length rule (docs/decisions/0004-password-rules.md)
  'PASSWORD_LENGTH',
  'PAYOUT_ACCOUNT_COOLING',
  'PAYOUT_HOLD',
  // a member cancels a withdrawal only while it waits for review (modules/withdrawals/README.md)
  'WITHDRAWAL_NOT_CANCELLABLE',
  // an amount with more than 2 decimals (contract MoneySchema): refused by name, never cut
  'AMOUNT_DECIMALS',
  // a QR deposit above the wallet currency's largest QR amount (settings maxQrDeposit / kipAmounts.maxQrDeposit)
  'DEPOSIT_MAXIMUM',
  'NO_COIN',
  // four eyes (docs/decisions/0022-four-eyes-approvals.md)
  'APPROVAL_OWN_REQUEST',
  'APPROVAL_DECIDED',
  'APPROVAL_PENDING',
  'APPROVAL_STALE',
  'MANUAL_DEPOSIT_CAP',
  'WHEEL_WEIGHT_INVALID',
  // bonus rules (docs/decisions/0020-bonus-cancel-and-claim-rules.md)
  'BONUS_CANCEL_GAME_BALANCE',
  'CHAT_GUEST_LIMIT',
  // passkeys (docs/decisions/0040-passkeys.md)
  'PASSKEY_INVALID',
  'PASSKEY_CHALLENGE_EXPIRED',
  'PASSKEY_LIMIT',
  'STEP_UP_REQUIRED',
  // responsible play (docs/decisions/0039-responsible-play.md)
  'DEPOSIT_LIMIT_REACHED',
  'LOSS_LIMIT_REACHED',
  'COOLING_OFF',
  'SELF_EXCLUDED',
  'LIMIT_TIGHTEN_ONLY',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Slip failure reasons, carried in a slip row's `note`. Translated as `errors:slip.<CODE>`. */
export const SLIP_FAILURE_REASONS = [
  'UPLOADED_FILE_NOT_EXIST',
  'IMG_SIZE_UNABLE_TO_PROCESS',
  'CANNOT_READ_CROPPED_IMAGE',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
  'UNSTABLE_REFNO_ON_SLIP',
  'TRIPPLE_WRONG_CAPTCHA',
  'INVALID_SLIP',
  'NOT_MATCH',
  'EXPIRED_SLIP',
  'UNKNOW_ERROR',
] as const;
export type SlipFailureReason = (typeof SLIP_FAILURE_REASONS)[number];

/**
 * Why a refusal happened, for the codes that say more than their name: the answer is
 * `{message: CODE, reason: REASON, values?}` (docs/decisions/0020-bonus-cancel-and-claim-rules.md). Clients that know
 * only the code still read `message`. Translated as `errors:reason.<CODE>.<REASON>` with `values` interpolated.
 */
export const ERROR_REASONS = {
  /** a bonus or promotion code claim: no qualifying deposit, one below the minimum, or too much money held already */
  BONUS_CONDITION: ['NO_DEPOSIT', 'DEPOSIT_BELOW_MINIMUM', 'BALANCE_ABOVE_MAX'],
  /** a queue row someone decided first: `values` say its state now, by whom and when (docs/decisions/0033) */
  APPROVAL_DECIDED: ['DECIDED'],
  /** responsible play: which period's limit, with the limit, what is left and when the period ends (ADR 0039) */
  DEPOSIT_LIMIT_REACHED: ['DAY', 'WEEK', 'MONTH'],
  LOSS_LIMIT_REACHED: ['DAY', 'WEEK', 'MONTH'],
  /** a break: `values.until` is when it ends (Bangkok time) */
  COOLING_OFF: ['UNTIL'],
  SELF_EXCLUDED: ['UNTIL'],
  /** a gift link we cannot take, by TrueMoney's answer or our own rule (docs/payments.md §4); `values.min` in baht */
  TRUELINK_INVALID: ['NOT_A_LINK', 'BELOW_MINIMUM', 'EXPIRED', 'NOT_FOUND', 'OWN_VOUCHER', 'UNAVAILABLE'],
} as const satisfies Partial<Record<ErrorCode, readonly string[]>>;
/** The reasons one code of ERROR_REASONS can give. */
export type ErrorReason<C extends keyof typeof ERROR_REASONS> = (typeof ERROR_REASONS)[C][number];
/** A refusal's detail as the answer carries it beside `message`. */
export type ErrorDetail = { reason: string; values?: Record<string, string> };

/** Transport-level messages that are not catalogue codes but drive navigation. */
export const INVALID_TOKEN_MESSAGE = 'invalid-token';
export const GONE_MESSAGE = 'gone';
/** The identity-failure text of the original backend; also sends the player to /login. */
export const IDENTITY_FAILURE_MESSAGE = 'Failed to authenticate token.';

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** HTTP status for each code the server raises; anything missing answers 400. */
export const ERROR_STATUS: Partial<Record<ErrorCode, number>> = {
  UNAUTHORIZED: 401,
  EXPIRED_AUTH_TOKEN: 401,
  INVALID_USER_1: 401,
  INVALID_USER_2: 401,
  INVALID_USER_3: 401,
  INVALID_USER_4: 401,
  WRONG_CREDENTIAL: 401,
  OPERATOR_CREDENTIAL_WRONG: 401,
  INACTIVE_USER: 403,
  FORBIDDEN: 403,
  CSRF_REFUSED: 403,
  ENROLMENT_INVALID: 400,
  ENROLMENT_EXPIRED: 400,
  TOTP_CODE_WRONG: 400,
  PASSWORD_TOO_SHORT: 400,
  PASSWORD_LENGTH: 400,
  INVALID_IP: 403,
  REQUEST_LIMIT: 429,
  SIGN_IN_LOCKED: 429,
  OTP_BLOCK: 429,
  REQUEST_LIMIT_1MIN: 429,
  CHAT_GUEST_LIMIT: 429,
  NO_USER: 404,
  NO_DATA: 404,
  NO_GAME: 404,
  SLOT_NO_ACCOUNT: 404,
  NOT_FOUND: 404,
  NO_PROMOTION: 404,
  EXISTING_USER: 409,
  EXISTING_BANK: 409,
  SLOT_ALREADY_ACTIVE: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  PAYOUT_ACCOUNT_COOLING: 403,
  PAYOUT_HOLD: 409,
  WITHDRAWAL_NOT_CANCELLABLE: 409,
  AMOUNT_DECIMALS: 400,
  DEPOSIT_MAXIMUM: 422,
  NO_COIN: 409,
  APPROVAL_OWN_REQUEST: 403,
  APPROVAL_DECIDED: 409,
  APPROVAL_PENDING: 409,
  APPROVAL_STALE: 409,
  MANUAL_DEPOSIT_CAP: 422,
  WHEEL_WEIGHT_INVALID: 400,
  BONUS_CANCEL_GAME_BALANCE: 409,
  COUPON_EXPIRED: 409,
  NO_CLAIMABLE_COUPON: 404,
  TRUELINK_DUPLICATE: 409,
  KEY_INVALID: 400,
  KEY_MISSING: 400,
  TRANSFER_PENDING: 202,
  SLIP_INVALID_FILE: 413,
  TRANSFER_FAIL: 502,
  SLOT_ACTIVATE_FAIL: 502,
  GAME_ACTIVATION_FAIL: 502,
  SLOT_RESET_PASSWORD_FAIL: 502,
  OTP_SEND_FAIL: 502,
  QR_FAIL: 502,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  DEPOSIT_LIMIT_REACHED: 403,
  LOSS_LIMIT_REACHED: 403,
  COOLING_OFF: 403,
  SELF_EXCLUDED: 403,
  LIMIT_TIGHTEN_ONLY: 403,
  PASSKEY_INVALID: 401,
  PASSKEY_CHALLENGE_EXPIRED: 400,
  PASSKEY_LIMIT: 409,
  STEP_UP_REQUIRED: 403,
};

/**
 * Codes only the passkey screens receive (docs/decisions/0040-passkeys.md): their texts live in web-core
 * locales/<lang>/passkey-errors.json and join the player's `errors` namespace when a passkey chunk loads, so the
 * first load does not carry them.
 */
export const PASSKEY_ERROR_CODES: readonly ErrorCode[] = [
  'PASSKEY_INVALID',
  'PASSKEY_CHALLENGE_EXPIRED',
  'PASSKEY_LIMIT',
  'STEP_UP_REQUIRED',
];

/**
 * Codes only the operator console ever receives (sign-in, enrolment, four eyes): their texts live in the console's
 * catalogue (web-core locales/<lang>/console-errors.json), so the player's first load does not carry them.
 */
export const CONSOLE_ONLY_ERROR_CODES: readonly ErrorCode[] = [
  'OPERATOR_CREDENTIAL_WRONG',
  'SIGN_IN_LOCKED',
  'CSRF_REFUSED',
  'ENROLMENT_INVALID',
  'ENROLMENT_EXPIRED',
  'TOTP_CODE_WRONG',
  'PASSWORD_TOO_SHORT',
  'APPROVAL_OWN_REQUEST',
  'APPROVAL_DECIDED',
  'APPROVAL_PENDING',
  'APPROVAL_STALE',
  'MANUAL_DEPOSIT_CAP',
  'LIMIT_TIGHTEN_ONLY',
];
