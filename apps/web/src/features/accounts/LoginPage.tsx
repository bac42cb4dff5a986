import { type TokenReply, validationMessage } from '@concord/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { loginNoticeOf } from '../../app/guards.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { errorText, fieldErrorsOf } from '../../lib/fieldErrors.ts';
import { safeRedirect } from '../../lib/redirect.ts';
import { useSession } from '../../stores/session.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { accountsApi, OIDC_START_PATH } from './accounts.api.ts';
import { useLocale } from './useLocale.ts';

// The other tabs load on demand, with antd: the first screen downloads only the account form (P-07).
const MobileLoginPanel = lazy(() => import('./antdPanels.tsx').then((m) => ({ default: m.MobileLoginPanel })));
const QrPanel = lazy(() => import('./antdPanels.tsx').then((m) => ({ default: m.QrPanel })));

const TABS = ['account', 'mobile', 'qr'] as const;
type LoginTab = (typeof TABS)[number];
const TAB_LABELS = { account: 'auth.tabAccount', mobile: 'auth.tabMobile', qr: 'auth.tabQr' } as const;

type AccountField = 'username' | 'password';
type FieldProblems = Partial<Record<AccountField, string>>;

function TextField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={error ? 'plain-field has-error' : 'plain-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <div id={`${id}-error`} className="plain-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

function AccountForm({ guard, onToken }: { guard: () => boolean; onToken: (reply: TokenReply) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [values, setValues] = useState({ username: '', password: '' });
  const [problems, setProblems] = useState<FieldProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);

  const login = useMutation({
    mutationFn: () => accountsApi.passwordLogin(values.username.trim(), values.password),
    // Said here, beside the fields: the page has no antd message host.
    meta: { silent: true },
    onSuccess: onToken,
    onError: (error) => {
      if (error instanceof ApiError && error.handled) return;
      const fields = fieldErrorsOf(error);
      const beside: FieldProblems = {};
      const rest = fields.filter((f) => {
        const field = f.name[0];
        if (field !== 'username' && field !== 'password') return true;
        beside[field] = f.message;
        return false;
      });
      setProblems(beside);
      const saidBeside = rest.length === 0 && fields.some((f) => f.message === error.message);
      setFailure(saidBeside ? null : errorText(error, rest));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const required = validationMessage('required', locale);
    const missing: FieldProblems = {
      username: values.username.trim() ? undefined : required,
      password: values.password ? undefined : required,
    };
    setProblems(missing);
    setFailure(null);
    if (!guard() || missing.username || missing.password) return;
    login.mutate();
  };

  const change = (field: AccountField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
  };

  const describedBy = (field: AccountField) => (problems[field] ? `${id}-${field}-error` : undefined);

  return (
    <form noValidate onSubmit={submit}>
      <TextField id={`${id}-username`} label={t('auth.account')} error={problems.username}>
        <input
          id={`${id}-username`}
          className="plain-input"
          name="username"
          placeholder={t('auth.accountPlaceholder')}
          autoComplete="username"
          value={values.username}
          aria-invalid={!!problems.username}
          aria-describedby={describedBy('username')}
          onChange={(e) => change('username', e.target.value)}
        />
      </TextField>
      <TextField id={`${id}-password`} label={t('auth.password')} error={problems.password}>
        <div className="plain-password">
          <input
            id={`${id}-password`}
            className="plain-input"
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={values.password}
            aria-invalid={!!problems.password}
            aria-describedby={describedBy('password')}
            onChange={(e) => change('password', e.target.value)}
          />
          <button
            type="button"
            className="plain-link"
            aria-pressed={showPassword}
            onClick={() => setShowPassword((s) => !s)}
          >
            {t(showPassword ? 'auth.hidePassword' : 'auth.showPassword')}
          </button>
        </div>
      </TextField>
      {failure && (
        <div className="plain-alert" role="alert">
          {failure}
        </div>
      )}
      <button type="submit" className="plain-button primary block" disabled={login.isPending}>
        {login.isPending && <span className="page-loading-spinner small" aria-hidden="true" />}
        {t('auth.login')}
      </button>
    </form>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [params] = useSearchParams();
  const notice = loginNoticeOf(useLocation().state);
  const [tab, setTab] = useState<LoginTab>('account');
  const [agreed, setAgreed] = useState(false);
  const [agreementError, setAgreementError] = useState(false);
  const redirect = safeRedirect(params.get('redirect'));
  const oidc = useQuery({ queryKey: ['oidcConfig'], queryFn: accountsApi.oidcConfig, meta: { silent: true } });

  // Storing the token is enough: the guest guard then follows ?redirect= and the login guard loads the user.
  const signIn = (reply: TokenReply) => useSession.getState().signIn(reply.access_token, reply.expires_in);

  const requireAgreement = (): boolean => {
    setAgreementError(!agreed);
    return agreed;
  };

  // Arrow keys move between tabs, as the ARIA tabs pattern has it.
  const moveTab = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(index + step + TABS.length) % TABS.length];
    setTab(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  return (
    <AuthLayout title={t('auth.loginTitle')}>
      {notice && (
        <div className={`plain-alert ${notice.kind}`} role="status">
          {notice.text}
        </div>
      )}
      <div className="plain-tabs" role="tablist">
        {TABS.map((key, index) => (
          <button
            key={key}
            id={`${id}-tab-${key}`}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls={`${id}-panel`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
            onKeyDown={(e) => moveTab(e, index)}
          >
            {t(TAB_LABELS[key])}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`} className="plain-tab-panel">
        {tab === 'account' && <AccountForm guard={requireAgreement} onToken={signIn} />}
        {tab !== 'account' && (
          <Suspense fallback={<PageLoading />}>
            {tab === 'mobile' ? <MobileLoginPanel guard={requireAgreement} onToken={signIn} /> : <QrPanel />}
          </Suspense>
        )}
      </div>
      {tab !== 'qr' && (
        <div className="plain-agreement">
          <label>
            <input
              type="checkbox"
              checked={agreed}
              onChange={(e) => {
                setAgreed(e.target.checked);
                if (e.target.checked) setAgreementError(false);
              }}
            />
            {t('auth.agreement')}
          </label>
          {agreementError && (
            <div className="plain-field-error" role="alert">
              {validationMessage('agreement', locale)}
            </div>
          )}
        </div>
      )}
      <div className="auth-row">
        <Link to="/resetpsw">{t('auth.forgotPassword')}</Link>
        <Link to="/register">{t('auth.freeRegistration')}</Link>
      </div>
      {oidc.data?.enabled && (
        <>
          <div className="plain-divider">{t('auth.otherMethods')}</div>
          <a className="plain-button block" href={`${OIDC_START_PATH}?redirect=${encodeURIComponent(redirect)}`}>
            {t('auth.thirdParty', { name: oidc.data.name || 'OpenID Connect' })}
          </a>
        </>
      )}
    </AuthLayout>
  );
}
