import { create } from 'zustand';

/** The overlay closes this long after the last write request ends (spec §9). */
export const OVERLAY_CLOSE_DELAY_MS = 300;

interface LoadingState {
  pending: number;
  visible: boolean;
}

export const useLoading = create<LoadingState>()(() => ({ pending: 0, visible: false }));

let closeTimer: ReturnType<typeof setTimeout> | undefined;

export function beginOverlay(): void {
  clearTimeout(closeTimer);
  useLoading.setState((s) => ({ pending: s.pending + 1, visible: true }));
}

export function endOverlay(): void {
  useLoading.setState((s) => ({ pending: Math.max(0, s.pending - 1) }));
  if (useLoading.getState().pending > 0) return;
  clearTimeout(closeTimer);
  closeTimer = setTimeout(() => {
    if (useLoading.getState().pending === 0) useLoading.setState({ visible: false });
  }, OVERLAY_CLOSE_DELAY_MS);
}
