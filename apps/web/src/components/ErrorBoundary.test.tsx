import { fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportClientError } from '../lib/clientErrors.ts';
import { enUS } from '../locales/en-US.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';

vi.mock('../lib/clientErrors.ts', () => ({ reportClientError: vi.fn() }));

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  vi.mocked(reportClientError).mockClear();
  vi.restoreAllMocks();
});

function Crash({ when }: { when: boolean }) {
  if (when) throw new TypeError('Cannot read properties of undefined (reading "lines")');
  return <p>Order details</p>;
}

describe('ErrorBoundary', () => {
  it('shows a localized way out and reports the error with its component stack', () => {
    // React logs what a boundary caught; the test's output need not.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    render(
      <ErrorBoundary resetKey="/orders/1">
        <Crash when />
      </ErrorBoundary>,
    );
    expect(screen.getByText(enUS.clientErrors.title)).toBeTruthy();
    expect(screen.getByText(enUS.clientErrors.description)).toBeTruthy();
    expect(reportClientError).toHaveBeenCalledTimes(1);
    const [error, componentStack] = vi.mocked(reportClientError).mock.calls[0];
    expect(String(error)).toBe('TypeError: Cannot read properties of undefined (reading "lines")');
    expect(componentStack).toContain('Crash');
    fireEvent.click(screen.getByRole('button', { name: enUS.clientErrors.reload }));
    expect(reload).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: enUS.common.backHome }).getAttribute('href')).toBe('/');
  });

  it('shows the content again once the reset key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <ErrorBoundary resetKey="/orders/1">
        <Crash when />
      </ErrorBoundary>,
    );
    expect(screen.getByText(enUS.clientErrors.title)).toBeTruthy();
    rerender(
      <ErrorBoundary resetKey="/orders">
        <Crash when={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Order details')).toBeTruthy();
    expect(screen.queryByText(enUS.clientErrors.title)).toBeNull();
  });

  it('renders its children untouched while nothing fails', () => {
    render(
      <ErrorBoundary resetKey="/">
        <Crash when={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Order details')).toBeTruthy();
    expect(reportClientError).not.toHaveBeenCalled();
  });
});
