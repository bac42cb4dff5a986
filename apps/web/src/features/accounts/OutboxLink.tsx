import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsApi } from './accounts.api.ts';

const OutboxDrawer = lazy(() => import('./antdPanels.tsx').then((m) => ({ default: m.OutboxPanel })));

/**
 * Demo helper: where the server keeps codes in its development outbox instead of sending them, the
 * login page links it. The server alone decides who may read it (DEV_OUTBOX, loopback clients); the link
 * appears only once the outbox has answered this caller, so it never flashes on an install that sends.
 */
export function OutboxLink() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const outbox = useQuery({
    queryKey: ['devOutbox'],
    queryFn: accountsApi.outbox,
    retry: false,
    staleTime: 0,
    meta: { silent: true },
  });
  if (!outbox.isSuccess) return null;
  return (
    <>
      <button
        type="button"
        className="plain-link"
        onClick={() => {
          setOpen(true);
          void outbox.refetch();
        }}
      >
        {t('outbox.link')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <OutboxDrawer open={open} onClose={() => setOpen(false)} outbox={outbox} />
        </Suspense>
      )}
    </>
  );
}
