import type { Locale } from '@concord/shared';
import { queryClient } from '../../api/queryClient.ts';
import { changeLocale } from '../../app/i18n.ts';
import { currentToken, useSession } from '../../stores/session.ts';
import { accountsApi } from './accounts.api.ts';

/**
 * Switches the page's language and, for a signed-in user, keeps it in their settings: what the server
 * sends them (e-mails, messages read elsewhere) is written in it. The save never delays or undoes the
 * switch; a failed one leaves the earlier choice on the server.
 */
export async function chooseLanguage(language: Locale): Promise<void> {
  if (currentToken()) {
    // The settings drawer saves the whole set: it must not send the previous language back.
    useSession.getState().setSettings({ language });
    void accountsApi.saveSettings({ language }).catch(() => undefined);
  }
  await changeLocale(language);
  // What the server wrote (messages, history, logs, errors) is rendered per request: read it again.
  await queryClient.invalidateQueries();
}
