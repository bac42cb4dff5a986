import { BankOutlined, DownOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountsApi } from '../../features/accounts/accounts.api.ts';
import { reloadUserInfo } from '../../features/accounts/session.ts';
import { useSession } from '../../stores/session.ts';
import { useTags } from '../../stores/tags.ts';

export function EnterpriseSwitcher({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tenantId = useSession((s) => s.tenantId);
  const tenantName = useSession((s) => s.userInfo?.tenant?.name);
  const { data: companies = [] } = useQuery({ queryKey: ['myCompanies'], queryFn: accountsApi.myCompanies });

  const switchTo = async (id: string) => {
    if (id === tenantId) return;
    // TENANT_ID changes every answer, so nothing cached for the previous enterprise may be shown.
    useSession.getState().setTenant(id);
    useTags.getState().reset();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'myCompanies' });
    await reloadUserInfo();
    navigate('/enterpriseinformation');
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: tenantId ? [tenantId] : [],
        items: companies.map((c) => ({ key: c.value, label: c.tenantName })),
        onClick: ({ key }) => void switchTo(key),
      }}
    >
      {/* The name starts with the words shown (WCAG 2.5.3), then says what the button does. */}
      <Button
        type="text"
        icon={<BankOutlined />}
        aria-label={
          compact || !tenantName ? t('layout.switchEnterprise') : `${tenantName} (${t('layout.switchEnterprise')})`
        }
        title={tenantName}
      >
        {!compact && (
          <span style={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', display: 'inline-block' }}>
            {tenantName ?? t('layout.switchEnterprise')}
          </span>
        )}
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
