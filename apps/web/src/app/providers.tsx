import type { Locale } from '@concord/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, Spin } from 'antd';
import enUSAntd from 'antd/locale/en_US';
import zhCNAntd from 'antd/locale/zh_CN';
import zhTWAntd from 'antd/locale/zh_TW';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../api/queryClient.ts';
import { watchAccessibility } from '../components/accessibilityObserver.ts';
import { bindFeedback } from '../lib/feedback.ts';
import { useLoading } from '../stores/loading.ts';
import { useSession } from '../stores/session.ts';
import { themeConfig } from './theme.ts';

const ANTD_LOCALES = { 'en-US': enUSAntd, 'zh-CN': zhCNAntd, 'zh-TW': zhTWAntd } satisfies Record<Locale, unknown>;

function FeedbackBridge() {
  const api = App.useApp();
  useEffect(() => {
    bindFeedback(api);
    return () => bindFeedback(null);
  }, [api]);
  return null;
}

function LoadingOverlay() {
  const visible = useLoading((s) => s.visible);
  return <Spin fullscreen spinning={visible} />;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;

export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const theme = useSession((s) => s.settings.theme);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion);
  const themed = useMemo(() => themeConfig(theme, reducedMotion), [theme, reducedMotion]);
  useEffect(() => watchAccessibility(), []);
  const locale = (i18n.language as Locale) in ANTD_LOCALES ? (i18n.language as Locale) : 'en-US';
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider componentSize="small" locale={ANTD_LOCALES[locale]} theme={themed}>
        <App>
          <FeedbackBridge />
          <LoadingOverlay />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
