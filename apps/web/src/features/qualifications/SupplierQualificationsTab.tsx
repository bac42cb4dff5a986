import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../components/list/useListParams.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { DocumentList } from './DocumentList.tsx';
import { addForSupplierPath } from './qualifications.api.ts';

/** The qualification tab of a supplier's archive: its documents and the way to request more. */
export function SupplierQualificationsTab({ supplierId }: { supplierId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const requestButton = (
    <OperationButton
      type="primary"
      permission="PO_SUP_RZ"
      icon={<PlusOutlined />}
      onClick={() => navigate(addForSupplierPath(supplierId))}
    >
      {t('qualifications.actions.request')}
    </OperationButton>
  );
  return (
    <DocumentList
      side="buyer"
      filter={{ supplierId }}
      page={paging.page}
      size={paging.size}
      filtered={false}
      onPageChange={(page, size) => setPaging({ page, size })}
      toolbarLeft={requestButton}
      emptyAction={requestButton}
      initialHidden={['supplier']}
    />
  );
}
