import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportClientError } from '../lib/clientErrors.ts';

interface Props {
  children: ReactNode;
  /** The boundary shows its content again when this changes (the path: the user went elsewhere). */
  resetKey?: unknown;
}

interface State {
  failed: boolean;
}

/** Plain elements: the boundary also guards the login page, which is built without antd (P-07). */
function CrashFallback() {
  const { t } = useTranslation();
  return (
    <div className="plain-result" role="alert">
      <h2>{t('clientErrors.title')}</h2>
      <p>{t('clientErrors.description')}</p>
      <div className="plain-actions">
        <button type="button" className="plain-button primary" onClick={() => window.location.reload()}>
          {t('clientErrors.reload')}
        </button>
        {/* A full load, not the router: the tree that failed may be the router's own. */}
        <a className="plain-button" href="/">
          {t('common.backHome')}
        </a>
      </div>
    </div>
  );
}

/**
 * A screen that throws while rendering shows a way out instead of a white page, and the error is
 * reported with the component stack that locates it (spec §8).
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    reportClientError(error, info.componentStack ?? undefined);
  }

  componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    return this.state.failed ? <CrashFallback /> : this.props.children;
  }
}
