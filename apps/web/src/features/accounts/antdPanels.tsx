import type { ComponentProps } from 'react';
import { AntdProviders } from '../../app/AntdProviders.tsx';
import { MobileLoginForm } from './MobileLoginForm.tsx';
import { OutboxDrawer } from './OutboxDrawer.tsx';
import { QrLoginPanel } from './QrLoginPanel.tsx';

// The login page is built without antd (P-07); what it opens on demand brings antd and its providers.

export function MobileLoginPanel(props: ComponentProps<typeof MobileLoginForm>) {
  return (
    <AntdProviders>
      <MobileLoginForm {...props} />
    </AntdProviders>
  );
}

export function QrPanel() {
  return (
    <AntdProviders>
      <QrLoginPanel />
    </AntdProviders>
  );
}

export function OutboxPanel(props: ComponentProps<typeof OutboxDrawer>) {
  return (
    <AntdProviders>
      <OutboxDrawer {...props} />
    </AntdProviders>
  );
}
