import { useCallback, useState } from 'react';

/**
 * One Idempotency-Key per document being created: a retried or double-sent submission of the same
 * form creates it once (QUALITY R-02). Call `rotate` after a success when the form stays open for the
 * next document, or the server would answer the new one with the old reply.
 */
export function useIdempotencyKey(): { key: string; rotate: () => void } {
  const [key, setKey] = useState(() => crypto.randomUUID());
  const rotate = useCallback(() => setKey(crypto.randomUUID()), []);
  return { key, rotate };
}
