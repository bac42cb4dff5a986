import type { Locale } from '@concord/shared';
import { App, ConfigProvider, Spin } from 'antd';
import enUSAntd from 'antd/locale/en_US';
import zhCNAntd from 'antd/locale/zh_CN';
import zhTWAntd from 'antd/locale/zh_TW';
import 'antd/dist/antd.css';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
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

/**
 * antd's theme, locale and message/notification host. Loaded with the first screen that uses antd,
 * never with the login page, which is built without it to stay within its download budget (P-07).
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const theme = useSession((s) => s.settings.theme);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion);
  const themed = useMemo(() => themeConfig(theme, reducedMotion), [theme, reducedMotion]);
  const locale = (i18n.language as Locale) in ANTD_LOCALES ? (i18n.language as Locale) : 'en-US';
  return (
    <ConfigProvider componentSize="small" locale={ANTD_LOCALES[locale]} theme={themed}>
      <App>
        <FeedbackBridge />
        <LoadingOverlay />
        {children}
      </App>
    </ConfigProvider>
  );
}

/** The layout route around every screen but the login page. */
export function AntdRoute() {
  return (
    <AntdProviders>
      <Outlet />
    </AntdProviders>
  );
}
