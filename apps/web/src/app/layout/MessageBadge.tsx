import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageKeys, messagesApi } from '../../features/messages/messages.api.ts';

export function MessageBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: count = 0 } = useQuery({
    queryKey: messageKeys.count,
    queryFn: messagesApi.count,
    meta: { silent: true },
  });
  return (
    // Badge hides itself at 0 (spec §3: zero hides).
    <Badge count={count} size="small" offset={[-4, 4]}>
      <Button type="text" icon={<BellOutlined />} aria-label={t('layout.messages')} onClick={() => navigate('/news')} />
    </Badge>
  );
}
