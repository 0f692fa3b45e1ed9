import { describe, expect, it } from 'vitest';
import { contrast } from '../support/contrast';
import { colors } from '@chakra-theme/tokens/colors.js';
import { semanticColors } from '@chakra-theme/semantic-tokens/colors.js';
import { accessibleColors } from '../../src/app/dashboard-system';

/** "{colors.green.700}" or "white" as #rrggbb. */
const resolve = (reference: string): string => {
  if (reference === 'white' || reference === '{colors.white}') return '#ffffff';
  if (reference === '{colors.black}') return '#000000';
  if (reference === 'black') return '#000000';
  const [, palette, shade] = /^\{colors\.(\w+)\.(\d+)\}$/.exec(reference)!;
  return (colors as unknown as Record<string, Record<string, { value: string }>>)[palette!]![shade!]!.value;
};

describe('the theme\'s solid buttons (issue 17: Approve 3.29:1, "Record recovered" 4.36:1)', () => {
  it.each(['green', 'teal', 'blue', 'red'] as const)('%s solid with its contrast text reaches 4.5:1 in light and dark', (palette) => {
    const tokens = (
      { ...semanticColors, ...accessibleColors } as unknown as Record<string, Record<string, { value: { _light: string; _dark: string } }>>
    )[palette]!;
    for (const mode of ['_light', '_dark'] as const) {
      const ratio = contrast(resolve(tokens.solid!.value[mode]), resolve(tokens.contrast!.value[mode]));
      expect(ratio, `${palette} ${mode}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("Chakra's own green 600 would fail: the check can fail", () => {
    expect(contrast(resolve('{colors.green.600}'), '#ffffff')).toBeLessThan(4.5);
  });
});

/** `top` at `alpha` over `under`, as the browser paints a colour with opacity (#rrggbb). */
const over = (top: string, alpha: number, under: string) =>
  '#' +
  [1, 3, 5]
    .map((i) => Math.round(parseInt(top.slice(i, i + 2), 16) * alpha + parseInt(under.slice(i, i + 2), 16) * (1 - alpha)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('');
type Tokens = Record<string, { value: { _light: string; _dark: string } }>;
const bg = (semanticColors as unknown as { bg: { DEFAULT: { value: { _light: string; _dark: string } } } }).bg.DEFAULT.value;

describe("the signed-in portal's solid blue button on hover (issue 17; the login's is checked in first-load-css.test.ts)", () => {
  // Chakra's solid variant hovers at `colorPalette.solid/90`: the solid colour at 90% over the card (`bg`).
  const hover = (tokens: Tokens, mode: '_light' | '_dark') =>
    contrast(over(resolve(tokens.solid!.value[mode]), 0.9, resolve(bg[mode])), resolve(tokens.contrast!.value[mode]));

  it.each(['_light', '_dark'] as const)('keeps 4.5:1 with its text, at rest and on hover (%s)', (mode) => {
    // Chakra merges the portal's solid shade into its own blue tokens (the contrast text among them).
    const blue = { ...(semanticColors as unknown as Record<string, Tokens>).blue, ...accessibleColors.blue } as unknown as Tokens;
    expect(contrast(resolve(blue.solid!.value[mode]), resolve(blue.contrast!.value[mode]))).toBeGreaterThanOrEqual(4.5);
    expect(hover(blue, mode)).toBeGreaterThanOrEqual(4.5);
  });

  it("Chakra's own blue 600 hovers under 4.5:1 in light mode: the check can fail", () => {
    const chakraBlue = (semanticColors as unknown as Record<string, Tokens>).blue!;
    expect(hover(chakraBlue, '_light')).toBeLessThan(4.5);
  });
});
