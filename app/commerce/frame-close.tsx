import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** The message an embedded checkout frame posts to its parent when it closes (spec 4). */
export const FRAME_CLOSE_MESSAGE = "close";

/** Posts the close message to the parent window when this page runs inside a frame. */
export function postFrameClose(): void {
  if (window.parent !== window) window.parent.postMessage(FRAME_CLOSE_MESSAGE, "*");
}

/** A "close" button shown only inside an embedded checkout frame (spec 4). */
export function FrameCloseButton({ label }: { label: string }) {
  const framed = useSyncExternalStore(
    noSubscription,
    () => window.parent !== window,
    () => false,
  );
  if (!framed) return null;
  return (
    <button type="button" className="btn-secondary" onClick={postFrameClose}>
      {label}
    </button>
  );
}
