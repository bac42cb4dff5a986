import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const CODE_COUNTDOWN_SECONDS = 60;

export function useCountdown(seconds = CODE_COUNTDOWN_SECONDS) {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((r) => r - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  return { remaining, start: () => setRemaining(seconds) };
}

/**
 * "Get code": the caller validates the target and sends; success starts the 60-s countdown, a failure
 * leaves the button usable at once (spec §4).
 */
export function CodeButton({ send }: { send: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const click = async () => {
    setSending(true);
    try {
      if (await send()) start();
    } finally {
      setSending(false);
    }
  };
  return (
    <Button onClick={() => void click()} disabled={remaining > 0} loading={sending} style={{ minWidth: 110 }}>
      {remaining > 0 ? t('auth.resendIn', { seconds: remaining }) : t('auth.getCode')}
    </Button>
  );
}
