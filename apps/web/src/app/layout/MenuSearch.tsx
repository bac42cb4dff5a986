import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session.ts';
import { flattenRoutes, type MenuGroup } from '../routes.ts';

type PinyinMatch = (text: string, pinyin: string, options?: { precision?: 'start'; continuous?: boolean }) => unknown;

/**
 * Menu search. In Chinese, with the setting on, titles also match by pinyin initials (采购订单 ← cgdd);
 * pinyin-pro is loaded only then, to keep its dictionary out of every other session.
 */
export function MenuSearch({ groups, onPick }: { groups: MenuGroup[]; onPick: (path: string) => void }) {
  const { t, i18n } = useTranslation();
  const pinyinSetting = useSession((s) => s.settings.supportPinyinSearch);
  const usePinyin = pinyinSetting && i18n.language.startsWith('zh');
  const [match, setMatch] = useState<PinyinMatch | null>(null);

  useEffect(() => {
    if (!usePinyin || match) return;
    let live = true;
    void import('pinyin-pro').then((m) => {
      if (live) setMatch(() => m.match as PinyinMatch);
    });
    return () => {
      live = false;
    };
  }, [usePinyin, match]);

  const options = useMemo(
    () =>
      groups
        .flatMap((g) => flattenRoutes(g.routes))
        .filter(
          ({ node, parents }) =>
            !node.hidden && !parents.some((p) => p.hidden) && !node.children?.some((c) => !c.hidden),
        )
        .map(({ node, parents }) => ({
          value: node.path,
          title: t(`routes.${node.title}`),
          label: [...parents.map((p) => t(`routes.${p.title}`)), t(`routes.${node.title}`)].join(' / '),
        })),
    [groups, t],
  );

  return (
    <div className="menu-search">
      <Select
        showSearch={{
          filterOption: (input, option) => {
            if (!option) return false;
            const needle = input.trim().toLowerCase();
            if (option.label.toLowerCase().includes(needle)) return true;
            return (
              usePinyin && match !== null && !!match(option.title, needle, { precision: 'start', continuous: true })
            );
          },
        }}
        value={null}
        placeholder={t('layout.searchMenu')}
        options={options}
        onChange={(path: string) => onPick(path)}
        style={{ width: '100%' }}
        aria-label={t('layout.searchMenu')}
      />
    </div>
  );
}
