import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { enterEnterprise } from './enterpriseMembership.ts';
import { JoinEnterpriseForm } from './JoinEnterpriseForm.tsx';

export function JoinCompanyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal
      title={t('account.joinCompany')}
      open={open}
      width={500}
      mask={{ closable: false }}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <JoinEnterpriseForm
        onJoined={async (tenantId) => {
          onClose();
          await enterEnterprise(tenantId);
          navigate('/enterpriseinformation');
        }}
      />
    </Modal>
  );
}
