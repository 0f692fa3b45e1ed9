import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrast } from '../support/contrast';
import { colors } from '@chakra-theme/tokens/colors.js';
import { semanticColors } from '@chakra-theme/semantic-tokens/colors.js';

/**
 * The stylesheet of the pages before login (src/app/first-load.css, docs/decisions/033) copies Chakra's design
 * tokens by value, each colour with the token it stands for in a comment. These tests hold the copy to the tokens
 * and its text colours to WCAG AA's 4.5:1 on the backgrounds they are drawn on, in the light and the dark theme.
 */
const css = readFileSync(new URL('../../src/app/first-load.css', import.meta.url), 'utf8');
type Mode = '_light' | '_dark';

/** The `--ui-*: #rrggbb; /* token *\/` declarations of one block of the stylesheet. */
function declarations(selector: string): Map<string, { value: string; token: string }> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  const found = new Map<string, { value: string; token: string }>();
  for (const [, name, value, token] of block.matchAll(/(--ui-[\w-]+):\s*(#[0-9a-f]{6});\s*\/\*\s*([\w.]+)\s*\*\//g))
    found.set(name!, { value: value!, token: token! });
  return found;
}
const themes: Record<Mode, ReturnType<typeof declarations>> = { _light: declarations(':root'), _dark: declarations(':root.dark') };

const palette = colors as unknown as Record<string, Record<string, { value: string }> & { value?: string }>;
/** "{colors.blue.700}", "white", "black" as #rrggbb (lower case). */
const raw = (reference: string): string => {
  if (reference === 'white') return '#ffffff';
  if (reference === 'black') return '#000000';
  const [name, shade] = reference.replace(/^\{colors\.|\}$/g, '').split('.');
  return (shade ? palette[name!]![shade]!.value : palette[name!]!.value!).toLowerCase();
};
/** A token as Chakra resolves it in a theme: `colors.blue.700` (a raw colour) or a semantic one (`fg.muted`, `bg`). */
const tokenValue = (token: string, mode: Mode): string => {
  if (token.startsWith('colors.')) return raw(`{${token}}`);
  const [group, key = 'DEFAULT'] = token.split('.');
  const semantic = (semanticColors as unknown as Record<string, Record<string, { value: Record<Mode, string> }>>)[group!]![key]!;
  return raw(semantic.value[mode]);
};

/** `top` at `alpha` over `under`, as the browser paints `color-mix(in srgb, top 90%, transparent)` over a background. */
const over = (top: string, alpha: number, under: string) =>
  '#' +
  [1, 3, 5]
    .map((i) => Math.round(parseInt(top.slice(i, i + 2), 16) * alpha + parseInt(under.slice(i, i + 2), 16) * (1 - alpha)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('');

describe('first-load.css: the design tokens of the pages before login', () => {
  it('names a token for every colour, the same colours in both themes', () => {
    expect(themes._light.size).toBeGreaterThanOrEqual(15);
    expect([...themes._dark.keys()].sort()).toEqual([...themes._light.keys()].sort());
  });

  it.each(['_light', '_dark'] as const)("gives every colour its Chakra token's value (%s)", (mode) => {
    for (const [name, { value, token }] of themes[mode]) expect(value, `${name} (${token})`).toBe(tokenValue(token, mode));
  });
});

describe('first-load.css: text contrast, WCAG AA 4.5:1 (issue 17)', () => {
  const ui = (mode: Mode, name: string) => themes[mode].get(`--ui-${name}`)!.value;
  // [text, background, where]: every text colour of the pages before login on what it is drawn on.
  const pairs: Array<[string, string, string]> = [
    ['fg', 'bg', 'text in the card'],
    ['fg', 'bg-subtle', 'text on the page'],
    ['fg-muted', 'bg', 'muted text in the card'],
    ['brand', 'bg-subtle', 'the brand in the header'],
    ['error-fg', 'bg', "a field's error"],
    ['error-fg', 'error-bg', 'a refusal'],
    ['error-fg', 'bg-subtle', 'a failed chunk on the page'],
    ['solid-contrast', 'solid', 'the solid button'],
    ['ghost-fg', 'bg', 'ghost and plain buttons'],
    ['ghost-fg', 'ghost-hover', 'a ghost button on hover'],
  ];

  it.each(['_light', '_dark'] as const)('every text on its background (%s)', (mode) => {
    for (const [text, background, where] of pairs)
      expect(contrast(ui(mode, text), ui(mode, background)), `${where}: ${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['_light', '_dark'] as const)('the solid button on hover: its colour at 90%% over the card (%s)', (mode) => {
    expect(contrast(over(ui(mode, 'solid'), 0.9, ui(mode, 'bg')), ui(mode, 'solid-contrast'))).toBeGreaterThanOrEqual(4.5);
  });

  it("Chakra's fg.error (red 500), the field errors' former colour, is under 4.5:1 on white: the check can fail", () => {
    expect(contrast(tokenValue('fg.error', '_light'), ui('_light', 'bg'))).toBeLessThan(4.5);
  });
});
