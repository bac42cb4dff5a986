import { useSyncExternalStore } from 'react';

/** Below antd's lg breakpoint (992 px, the spec's mobile threshold). */
const CARD_QUERY = '(max-width: 991.98px)';

function subscribe(change: () => void): () => void {
  const query = window.matchMedia(CARD_QUERY);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
}

/**
 * Whether the screen is below 992 px, where lists and a document's line tables show cards (UI.md
 * mobile). Read synchronously, so a phone never renders the table first.
 */
export function useCardMode(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(CARD_QUERY).matches,
    () => false,
  );
}
