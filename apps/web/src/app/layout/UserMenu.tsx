import { KeyOutlined, LogoutOutlined, MobileOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fileUrl } from '../../api/http.ts';
import { ChangeMobileDialog } from '../../features/accounts/ChangeMobileDialog.tsx';
import { ChangePasswordDialog } from '../../features/accounts/ChangePasswordDialog.tsx';
import { JoinCompanyDialog } from '../../features/accounts/JoinCompanyDialog.tsx';
import { logout } from '../../features/accounts/session.ts';
import { usePositionSwitch } from '../../features/positions/usePositionSwitch.tsx';
import { useSession } from '../../stores/session.ts';

type Dialog = 'password' | 'mobile' | 'join' | null;

export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const [dialog, setDialog] = useState<Dialog>(null);
  const positionSwitch = usePositionSwitch();
  const shownName = user?.sysUser.name || user?.sysUser.username;

  const onClick = async (key: string) => {
    if (positionSwitch.handle(key)) return;
    if (key === 'profile') navigate('/profile/index');
    else if (key === 'logout') {
      await logout();
      navigate('/login', { replace: true });
    } else setDialog(key as Dialog);
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          onClick: ({ key }) => void onClick(key),
          items: [
            { key: 'profile', icon: <UserOutlined />, label: t('account.profile') },
            { key: 'mobile', icon: <MobileOutlined />, label: t('account.changeMobile') },
            { key: 'password', icon: <KeyOutlined />, label: t('account.changePassword') },
            { key: 'join', icon: <UserAddOutlined />, label: t('account.joinCompany') },
            ...positionSwitch.items,
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('account.logout'), danger: true },
          ],
        }}
      >
        {/* The name starts with the user's name shown (WCAG 2.5.3), then says what the button does. */}
        <Button
          type="text"
          aria-label={compact || !shownName ? t('account.userMenu') : `${shownName} (${t('account.userMenu')})`}
        >
          <Avatar size={22} src={fileUrl(user?.sysUserInfo.photoUrl)} icon={<UserOutlined />} alt="" />
          {!compact && <span>{shownName}</span>}
        </Button>
      </Dropdown>
      <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
      <ChangeMobileDialog open={dialog === 'mobile'} onClose={() => setDialog(null)} />
      <JoinCompanyDialog open={dialog === 'join'} onClose={() => setDialog(null)} />
    </>
  );
}
