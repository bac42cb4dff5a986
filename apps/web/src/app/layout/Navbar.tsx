import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session.ts';
import { AppBreadcrumb } from './AppBreadcrumb.tsx';
import { EnterpriseSwitcher } from './EnterpriseSwitcher.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { MessageBadge } from './MessageBadge.tsx';
import { UserMenu } from './UserMenu.tsx';

interface Props {
  mobile: boolean;
  menuOpen: boolean;
  onToggleMenu: () => void;
  onOpenSettings: () => void;
}

export function Navbar({ mobile, menuOpen, onToggleMenu, onOpenSettings }: Props) {
  const { t } = useTranslation();
  const fixedHeader = useSession((s) => s.settings.fixedHeader);
  const isJoin = useSession((s) => s.userInfo?.isJoin ?? false);
  return (
    <header className={`shell-header${fixedHeader ? ' shell-header-fixed' : ''}`}>
      <Button
        type="text"
        icon={menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleMenu}
        aria-label={t('layout.toggleMenu')}
      />
      <div className="spacer">{!mobile && <AppBreadcrumb />}</div>
      {isJoin && <EnterpriseSwitcher compact={mobile} />}
      {isJoin && <MessageBadge />}
      <LanguageSwitcher />
      <Button type="text" icon={<SettingOutlined />} onClick={onOpenSettings} aria-label={t('settings.title')} />
      <UserMenu compact={mobile} />
    </header>
  );
}
