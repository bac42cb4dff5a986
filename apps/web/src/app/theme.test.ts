import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { STATUS_COLOURS, type StatusColour } from '../components/statusStyles.ts';
import { accessiblePrimary, contrast, MIN_CONTRAST, themeConfig } from './theme.ts';

type Tokens = ReturnType<typeof theme.getDesignToken> & Record<string, unknown>;

const tokensFor = (colour: string) => theme.getDesignToken(themeConfig(colour)) as Tokens;

/** An rgba() or hex colour as the opaque colour it shows on `background`. */
function onBackground(colour: string, background = '#ffffff'): string {
  const rgba = colour.match(/rgba?\(([^)]+)\)/);
  if (!rgba) return colour;
  const [r, g, b, a = 1] = rgba[1]!.split(',').map(Number) as [number, number, number, number?];
  const bg = [1, 3, 5].map((i) => Number.parseInt(background.slice(i, i + 2), 16));
  const mixed = [r, g, b].map((v, i) => Math.round(v * a + bg[i]! * (1 - a)));
  return `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

const readable = (text: string, background: string) => contrast(onBackground(text, background), background);

/** The presets of the settings drawer, antd's old and new blues, and colours no text can be read in. */
const THEMES = [
  '#1890ff',
  '#409EFF',
  '#13c2c2',
  '#52c41a',
  '#fa8c16',
  '#f5222d',
  '#722ed1',
  '#2f54eb',
  '#ffff00',
  '#ffffff',
];

describe('theme colours meet WCAG AA (4.5:1)', () => {
  it('contrast() agrees with known ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#1890ff', '#ffffff')).toBeCloseTo(3.24, 2);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('turns antd motion off for a system that asks for reduced motion', () => {
    expect(theme.getDesignToken(themeConfig('#1890ff', true)).motionDurationMid).toBe('0s');
    expect(theme.getDesignToken(themeConfig('#1890ff')).motionDurationMid).not.toBe('0s');
  });

  it('keeps a theme colour that is already dark enough', () => {
    expect(accessiblePrimary('#0958d9')).toBe('#0958d9');
    expect(accessiblePrimary('#722ed1')).toBe('#722ed1');
  });

  it.each(THEMES)('theme %s: primary text, links and their hover and press, and white on primary buttons', (colour) => {
    const t = tokensFor(colour);
    for (const key of [
      'colorPrimary',
      'colorPrimaryHover',
      'colorPrimaryActive',
      'colorLink',
      'colorLinkHover',
      'colorLinkActive',
    ] as const) {
      expect(readable(t[key], '#ffffff'), `${key} ${t[key]} on white`).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(readable('#ffffff', t[key]), `white on ${key} ${t[key]}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
    expect(
      readable(t.colorPrimary, t.colorPrimaryBg),
      `primary on its tint ${t.colorPrimaryBg}`,
    ).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it('secondary text, placeholders and status colours read on white and on their tints', () => {
    const t = tokensFor('#1890ff');
    for (const key of [
      'colorText',
      'colorTextSecondary',
      'colorTextTertiary',
      'colorTextDescription',
      'colorTextPlaceholder',
    ] as const) {
      expect(readable(t[key], '#ffffff'), key).toBeGreaterThanOrEqual(MIN_CONTRAST);
      // Table headers and filled inputs are a shade of grey.
      expect(readable(t[key], onBackground(t.colorFillAlter)), `${key} on ${t.colorFillAlter}`).toBeGreaterThanOrEqual(
        MIN_CONTRAST,
      );
    }
    for (const status of ['Info', 'Success', 'Warning', 'Error'] as const) {
      const text = t[`color${status}`];
      expect(readable(text, t[`color${status}Bg`]), `${status} on its background`).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(readable('#ffffff', text), `white on ${status}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
    // Danger buttons are white on the error colour, hovered and pressed too.
    for (const key of ['colorError', 'colorErrorHover', 'colorErrorActive'] as const) {
      expect(readable('#ffffff', t[key]), `white on ${key}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it('every status tag colour of statusStyles.ts keeps its text readable on its background', () => {
    const t = tokensFor('#1890ff');
    const STATUS_TOKEN = { processing: 'Info', success: 'Success', warning: 'Warning', error: 'Error' } as const;
    const pair = (colour: StatusColour): [string, string] => {
      if (colour === 'default') return [t.colorText, onBackground(t.colorFillQuaternary)];
      if (colour.startsWith('#')) return ['#ffffff', colour];
      if (colour in STATUS_TOKEN) {
        const status = STATUS_TOKEN[colour as keyof typeof STATUS_TOKEN];
        return [t[`color${status}`], t[`color${status}Bg`]];
      }
      return [t[`${colour}7`] as string, t[`${colour}1`] as string];
    };
    for (const colour of STATUS_COLOURS) {
      const [text, background] = pair(colour);
      expect(readable(text, background), `${colour}: ${text} on ${background}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it('every preset tag colour reads on its light background', () => {
    const t = tokensFor('#1890ff');
    const presets = [
      'blue',
      'purple',
      'cyan',
      'green',
      'magenta',
      'pink',
      'red',
      'orange',
      'yellow',
      'volcano',
      'geekblue',
      'lime',
      'gold',
    ];
    for (const p of presets) {
      const text = t[`${p}7`] as string;
      const background = t[`${p}1`] as string;
      expect(readable(text, background), `${p}: ${text} on ${background}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });
});
