import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { queryClient } from '../api/queryClient.ts';
import { watchAccessibility } from '../components/accessibilityObserver.ts';

/** What every route needs. antd's providers come with the routes that use it (AntdProviders.tsx). */
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => watchAccessibility(), []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
