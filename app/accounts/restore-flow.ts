/** Spec 9: the page reloads 3 s after a successful restore. */
export const RESTORE_RELOAD_MS = 3000;
/** Spec 9: popup type 10 opens 600 ms after a failed restore. */
export const RESTORE_FAILED_POPUP_MS = 600;
/** Spec 8: the popup type of a failed restore. */
export const RESTORE_FAILED_POPUP = 10;

/** What the restore flow drives: the popup, the alert, the failure popup and the reload. */
export interface RestoreEffects {
  closePopup(): void;
  /** Shows the spec 8 success alert ('Success!' / 'Your account has been successfully recovery!'). */
  showSuccess(): void;
  openPopup(type: number): void;
  reload(): void;
  /** setTimeout, injectable for tests. */
  later(fn: () => void, ms: number): void;
}

/**
 * Spec 4 account restore transition: on success the popup closes, the success alert shows and
 * the page reloads after 3 s; on failure popup type 10 opens after 600 ms.
 */
export function finishRestore(ok: boolean, fx: RestoreEffects): void {
  if (ok) {
    fx.closePopup();
    fx.showSuccess();
    fx.later(() => fx.reload(), RESTORE_RELOAD_MS);
  } else {
    fx.closePopup();
    fx.later(() => fx.openPopup(RESTORE_FAILED_POPUP), RESTORE_FAILED_POPUP_MS);
  }
}
