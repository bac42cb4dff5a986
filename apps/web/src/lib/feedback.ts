import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

/**
 * antd's static message/notification cannot read the ConfigProvider theme or locale, so the App
 * component's instances are captured here for code outside React (the HTTP client, the socket).
 */
let current: AppApi | null = null;

export function bindFeedback(api: AppApi | null): void {
  current = api;
}

export const feedback = {
  error(text: string): void {
    current?.message.error(text);
  },
  warning(text: string): void {
    current?.message.warning(text);
  },
  success(text: string): void {
    current?.message.success(text);
  },
  notify(title: string, description?: string): void {
    current?.notification.info({ title, description, placement: 'topRight' });
  },
};
