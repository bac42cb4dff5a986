import { Button, Result } from 'antd';
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

function CrashFallback() {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('clientErrors.title')}
      subTitle={t('clientErrors.description')}
      extra={[
        <Button key="reload" type="primary" onClick={() => window.location.reload()}>
          {t('clientErrors.reload')}
        </Button>,
        // A full load, not the router: the tree that failed may be the router's own.
        <Button key="home" href="/">
          {t('common.backHome')}
        </Button>,
      ]}
    />
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
