import { CheckOutlined, SwapOutlined } from '@ant-design/icons';
import { App, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { queryClient } from '../../api/queryClient.ts';
import { useSession } from '../../stores/session.ts';
import { reloadUserInfo } from '../accounts/session.ts';
import { positionsApi } from './positions.api.ts';

const PREFIX = 'position:';

/**
 * Spec §4 switch roles: the server records the chosen position, then user info is reloaded so the
 * permissions, the menu and the routes regenerate. Cached answers were scoped and masked by the old
 * position, so they are dropped and the screen on display refetches.
 */
export async function switchPosition(positionId: string): Promise<void> {
  await positionsApi.switchTo(positionId);
  await reloadUserInfo();
  await queryClient.resetQueries();
}

/** The user-menu entry: a submenu of the held positions, shown only to someone holding several. */
export function usePositionSwitch() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const positions = useSession((s) => s.userInfo?.positions ?? []);

  const items: NonNullable<MenuProps['items']> =
    positions.length > 1
      ? [
          {
            key: 'positions',
            icon: <SwapOutlined />,
            label: t('jurisdiction.switcher.switchPosition'),
            children: positions.map((p) => ({
              key: `${PREFIX}${p.id}`,
              label: p.name,
              icon: p.active ? <CheckOutlined /> : undefined,
              disabled: p.active,
            })),
          },
        ]
      : [];

  /** True when the clicked key was one of these entries. */
  const handle = (key: string): boolean => {
    if (!key.startsWith(PREFIX)) return false;
    const id = key.slice(PREFIX.length);
    const name = positions.find((p) => p.id === id)?.name ?? '';
    switchPosition(id).then(
      () => message.success(t('jurisdiction.switcher.switched', { name })),
      (error: unknown) => {
        if (!(error instanceof ApiError && error.handled)) message.error((error as Error).message);
      },
    );
    return true;
  };

  return { items, handle };
}
