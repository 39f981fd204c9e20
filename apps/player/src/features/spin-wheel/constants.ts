/** docs/spec.md §9 wheel constants. */
export const WHEEL_MAX_PX = 350;
export const WHEEL_WIDTH_SHARE = 0.85;
export const WHEEL_RESIZE_DEBOUNCE_MS = 500;
/** per-frame velocity factor of the wheel's slow-down (60 frames a second) */
export const WHEEL_FRICTION = 0.991;
export const WHEEL_FRAMES_PER_SECOND = 60;
/** the prize modal opens this long after the wheel stops */
export const PRIZE_MODAL_DELAY_MS = 2000;
/** docs/spec.md §5: the claim confirmation fires once clicks have stopped for this long */
export const CLAIM_CONFIRM_DEBOUNCE_MS = 500;
/** docs/spec.md §9: coupon table page size */
export const COUPON_PAGE_SIZE = 3;
