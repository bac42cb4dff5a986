import { Grid } from 'antd';

/**
 * Below antd's lg breakpoint (992 px, the spec's mobile threshold) a list shows cards. In a browser
 * exactly one of xs (< 576 px) and sm (≥ 576 px) always matches; where neither does, nothing was
 * measured (no media queries, as in jsdom) and the list stays a table.
 */
export function useCardMode(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.lg === false && (screens.xs === true || screens.sm === true);
}
