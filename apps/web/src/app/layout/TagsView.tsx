import { ReloadOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useTags } from '../../stores/tags.ts';

export function TagsView() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tags = useTags((s) => s.tags);
  const close = useTags((s) => s.close);

  const closeTag = (path: string) => {
    const index = tags.findIndex((tag) => tag.path === path);
    close(path);
    if (path !== pathname) return;
    const neighbour = tags[index - 1] ?? tags[index + 1];
    navigate(neighbour?.fullPath ?? '/');
  };

  return (
    <nav className="tags-view" aria-label={t('layout.tagsView')}>
      {tags.map((tag) => {
        const active = tag.path === pathname;
        return (
          <Tag
            key={tag.path}
            color={active ? 'processing' : undefined}
            closable={!tag.affix}
            onClose={(e) => {
              e.preventDefault();
              closeTag(tag.path);
            }}
            onClick={() => navigate(tag.fullPath)}
          >
            {t(`routes.${tag.titleKey}`)}
            {active && (
              <ReloadOutlined
                style={{ marginInlineStart: 6 }}
                aria-label={t('common.refresh')}
                onClick={(e) => {
                  e.stopPropagation();
                  navigate(`/redirect${tag.fullPath}`, { replace: true });
                }}
              />
            )}
          </Tag>
        );
      })}
    </nav>
  );
}
