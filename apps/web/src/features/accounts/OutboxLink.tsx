import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsApi } from './accounts.api.ts';

const OutboxDrawer = lazy(() => import('./OutboxDrawer.tsx').then((m) => ({ default: m.OutboxDrawer })));

/**
 * Demo helper: verification codes are not really sent in demo mode, so the development outbox is
 * readable here. When the server does not expose it (404) the link is not shown.
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
  if (outbox.isError) return null;
  return (
    <>
      <Button
        type="link"
        size="small"
        onClick={() => {
          setOpen(true);
          void outbox.refetch();
        }}
      >
        {t('outbox.link')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <OutboxDrawer open={open} onClose={() => setOpen(false)} outbox={outbox} />
        </Suspense>
      )}
    </>
  );
}
