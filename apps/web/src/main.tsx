import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { setupI18n } from './app/i18n.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { installClientErrorReporting } from './lib/clientErrors.ts';
import { currentToken } from './stores/session.ts';
import './styles.css';

// Before the app starts, so a failure while it starts is reported too.
installClientErrorReporting();

// A visitor's first screen (any address without a session leads there): its chunk loads alongside the
// language catalogue instead of after it.
if (window.location.pathname === '/login' || !currentToken()) void import('./features/accounts/LoginPage.tsx');

void setupI18n().then(() => {
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
