/**
 * Two things antd renders that axe refuses (issue 18 §6), mended once for the whole app rather than
 * on each table:
 * - a table body with `scroll` that scrolls with nothing inside to focus: keyboard users scroll a
 *   region by focusing it (WCAG 2.1.1, `scrollable-region-focusable`), so it becomes a tab stop;
 * - the measure row of a fixed-layout table, an `aria-hidden` copy of the header that still holds a
 *   focusable select-all checkbox (`aria-hidden-focus`): it becomes inert.
 */
const SCROLL_AREAS = '.ant-table-content, .ant-table-body, .tags-view';
const MEASURE_ROWS = '.ant-table-measure-row:not([inert])';
/** Marks the tab stops added here, so an area that stops scrolling loses its own again. */
const MARK = 'data-scroll-focus';

function scrolls(el: HTMLElement): boolean {
  return el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
}

function mend(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>(SCROLL_AREAS)) {
    if (scrolls(el)) {
      if (!el.hasAttribute('tabindex')) {
        el.tabIndex = 0;
        el.setAttribute(MARK, '');
      }
    } else if (el.hasAttribute(MARK)) {
      el.removeAttribute('tabindex');
      el.removeAttribute(MARK);
    }
  }
  for (const row of root.querySelectorAll(MEASURE_ROWS)) row.setAttribute('inert', '');
}

/** Watches the document (dialogs and drawers render outside the app root); returns the way to stop. */
export function watchAccessibility(root: HTMLElement = document.body): () => void {
  let frame = 0;
  const schedule = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      mend(root);
    });
  };
  const observer = new MutationObserver(schedule);
  observer.observe(root, { childList: true, subtree: true });
  window.addEventListener('resize', schedule);
  schedule();
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', schedule);
    cancelAnimationFrame(frame);
  };
}
