import { create } from 'zustand';
import type { RouteTitleKey } from '../app/routes.ts';

export interface VisitedTag {
  path: string;
  /** Full location including the query, so a tag reopens the same record. */
  fullPath: string;
  titleKey: RouteTitleKey;
  affix?: boolean;
}

interface TagsState {
  tags: VisitedTag[];
  visit: (tag: VisitedTag) => void;
  close: (path: string) => void;
  closeOthers: (path: string) => void;
  reset: () => void;
}

const HOME_TAG: VisitedTag = {
  path: '/enterpriseinformation',
  fullPath: '/enterpriseinformation',
  titleKey: 'enterpriseInfo',
  affix: true,
};

export const useTags = create<TagsState>()((set) => ({
  tags: [HOME_TAG],
  visit: (tag) =>
    set((s) => {
      const index = s.tags.findIndex((t) => t.path === tag.path);
      if (index === -1) return { tags: [...s.tags, tag] };
      const tags = [...s.tags];
      tags[index] = { ...tags[index]!, fullPath: tag.fullPath };
      return { tags };
    }),
  close: (path) => set((s) => ({ tags: s.tags.filter((t) => t.affix || t.path !== path) })),
  closeOthers: (path) => set((s) => ({ tags: s.tags.filter((t) => t.affix || t.path === path) })),
  reset: () => set({ tags: [HOME_TAG] }),
}));
