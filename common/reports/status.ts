/**
 * The report download status item and its rules (spec 3 "Report download status item", spec 4
 * "Report download item status", spec 9 "Report polling every 4 seconds"), shared by the server
 * (POST /api/reports/download_status) and the popup (app/reports/download-status.tsx).
 */

/** Poll interval of the download-status popup, in ms (spec 9). */
export const POLL_MS = 4000;
/** Displayed progress a new item starts at (spec 4). */
export const PROGRESS_START = 1;
/** Step by which displayed progress rises when it is near the server value (spec 4). */
export const PROGRESS_STEP = 2;
/** "Near": within this many percent of the server value. */
export const PROGRESS_NEAR = 5;

/** spec 4 status `st`: 0 in progress, 1 done, 2 also in progress, 3 closed by the user. */
export type ItemStatus = 0 | 1 | 2 | 3;

/** One spec 3 report download status item as POST /api/reports/download_status answers it. */
export interface DownloadItem {
  /** Item (generated file) id; the `idrg` of close_report. */
  id: number;
  /** Report definition id; 0 when a delivery made the file. */
  idr: number;
  /** Delivery id; 0 when none. */
  idrbs: number;
  /** Report type code (spec 3: as, fs, bp, co, wa, ps, ch). */
  type: string;
  format: string;
  filename: string;
  /** Signed download path to append to /api/download/report (empty until done). */
  link: string;
  st: ItemStatus;
  /** Server percent progress 0–100. */
  pr: number;
  /** Percent progress to display (the server sends `pr`; the popup smooths it). */
  progress: number;
  /** 1 when the file was e-mailed (delivery), else 0. */
  send: 0 | 1;
}

/** True while the item is still being made (st 0 or 2). */
export const inProgress = (st: number): boolean => st === 0 || st === 2;
/** True when the item is shown (not closed by the user, st ≠ 3). */
export const isVisible = (st: number): boolean => st !== 3;
/** True when polling must go on: some shown item is still in progress. */
export const needsPolling = (items: readonly Pick<DownloadItem, "st">[]): boolean => items.some((i) => inProgress(i.st));

/**
 * Next displayed progress (spec 4): 100 when done; otherwise, near the server value (within
 * {@link PROGRESS_NEAR}) it rises by {@link PROGRESS_STEP}, never past 99; far from it, it jumps to
 * the server value. A new item starts at {@link PROGRESS_START}.
 * @param displayed the progress shown now, or null for a new item.
 */
export function smoothProgress(displayed: number | null, server: number, st: number): number {
  if (st === 1) return 100;
  if (displayed === null) return PROGRESS_START;
  if (Math.abs(server - displayed) <= PROGRESS_NEAR) return Math.min(99, Math.max(displayed + PROGRESS_STEP, PROGRESS_START));
  return Math.max(PROGRESS_START, Math.min(server, 99));
}

/** spec 4: a file made by a delivery (idr 0, idrbs > 0) that reached 100 was sent by e-mail. */
export const isSentNotice = (item: Pick<DownloadItem, "idr" | "idrbs" | "progress">): boolean =>
  item.idr === 0 && item.idrbs > 0 && item.progress === 100;
