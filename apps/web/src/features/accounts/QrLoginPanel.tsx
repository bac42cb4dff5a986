import type { QrTicket } from '@concord/shared';
import { Button, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session.ts';
import { accountsApi } from './accounts.api.ts';

export const QR_POLL_MS = 2000;

/** Shows a sign-in QR code, polls it every 2 s, renews it when it expires, signs in once confirmed. */
export function QrLoginPanel() {
  const { t } = useTranslation();
  const [ticket, setTicket] = useState<QrTicket | null>(null);
  const [status, setStatus] = useState<'waiting' | 'scanned' | 'error'>('waiting');
  const [error, setError] = useState<string | null>(null);

  const renew = useCallback(async () => {
    setError(null);
    try {
      setTicket(await accountsApi.createQr());
      setStatus('waiting');
    } catch (e) {
      setStatus('error');
      setError((e as Error).message);
    }
  }, []);

  useEffect(() => {
    void renew();
  }, [renew]);

  useEffect(() => {
    if (!ticket) return;
    const expiresAt = Date.now() + ticket.expiresIn * 1000;
    let stopped = false;
    const timer = setInterval(async () => {
      if (stopped) return;
      if (Date.now() >= expiresAt) {
        stopped = true;
        void renew();
        return;
      }
      try {
        const reply = await accountsApi.pollQr(ticket.id, ticket.secret);
        if (stopped) return;
        if (reply.status === 'confirmed' && reply.access_token) {
          stopped = true;
          useSession.getState().signIn(reply.access_token, reply.expires_in ?? 0);
        } else if (reply.status === 'expired') {
          stopped = true;
          void renew();
        } else if (reply.status === 'scanned') {
          setStatus('scanned');
        }
      } catch {
        // One failed poll is retried by the next tick.
      }
    }, QR_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [ticket, renew]);

  return (
    <div className="qr-box">
      {ticket ? (
        <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(ticket.svg)}`} alt={t('auth.qrAlt')} />
      ) : status === 'error' ? null : (
        <Spin />
      )}
      <Typography.Text type={status === 'error' ? 'danger' : 'secondary'}>
        {error ?? (status === 'scanned' ? t('auth.qrScanned') : t('auth.qrHint'))}
      </Typography.Text>
      <Button size="small" onClick={() => void renew()}>
        {t('auth.qrRefresh')}
      </Button>
    </div>
  );
}
