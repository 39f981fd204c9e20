/** A step-up this close to its end is asked again rather than failing half-way (docs/decisions/0040-passkeys.md). */
const STEP_UP_MARGIN_MS = 30_000;

/** Whether adding or removing a passkey needs the password again: no step-up of this session, or one about to end. */
export function needsStepUp(stepUpUntil: string | null | undefined, now = Date.now()): boolean {
  return !stepUpUntil || Date.parse(stepUpUntil) - now < STEP_UP_MARGIN_MS;
}
