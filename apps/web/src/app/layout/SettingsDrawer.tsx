import { ColorPicker, Divider, Drawer, Flex, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsApi } from '../../features/accounts/accounts.api.ts';
import { type Settings, useSession } from '../../stores/session.ts';

const PRESET_COLOURS = ['#1890ff', '#409EFF', '#13c2c2', '#52c41a', '#fa8c16', '#f5222d', '#722ed1', '#2f54eb'];

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const settings = useSession((s) => s.settings);
  const setSettings = useSession((s) => s.setSettings);

  const change = (patch: Partial<Settings>) => {
    setSettings(patch);
    // Settings follow the user across devices; a failed save keeps the local choice.
    void accountsApi.saveSettings({ ...useSession.getState().settings }).catch(() => undefined);
  };

  /** A setting's words beside its control, which is named by them. */
  const row = (label: string, control: (name: string) => ReactNode) => (
    <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
      <Typography.Text>{label}</Typography.Text>
      {control(label)}
    </Flex>
  );

  return (
    <Drawer title={t('settings.title')} open={open} onClose={onClose} size={300}>
      {row(t('settings.theme'), () => (
        <ColorPicker
          value={settings.theme}
          disabledAlpha
          presets={[{ label: t('settings.presets'), colors: PRESET_COLOURS }]}
          onChangeComplete={(c) => change({ theme: c.toHexString() })}
        />
      ))}
      <Divider />
      {row(t('settings.tagsView'), (name) => (
        <Switch aria-label={name} checked={settings.tagsView} onChange={(v) => change({ tagsView: v })} />
      ))}
      {row(t('settings.fixedHeader'), (name) => (
        <Switch aria-label={name} checked={settings.fixedHeader} onChange={(v) => change({ fixedHeader: v })} />
      ))}
      {row(t('settings.sidebarLogo'), (name) => (
        <Switch aria-label={name} checked={settings.sidebarLogo} onChange={(v) => change({ sidebarLogo: v })} />
      ))}
      {i18n.language.startsWith('zh') &&
        row(t('settings.pinyinSearch'), (name) => (
          <Switch
            aria-label={name}
            checked={settings.supportPinyinSearch}
            onChange={(v) => change({ supportPinyinSearch: v })}
          />
        ))}
    </Drawer>
  );
}
