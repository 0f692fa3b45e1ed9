import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrast } from '../support/contrast';
import { colors } from '@chakra-theme/tokens/colors.js';
import { semanticColors } from '@chakra-theme/semantic-tokens/colors.js';
import { accessibleColors } from '../../src/app/dashboard-system';

/**
 * The stylesheet of the pages before login (src/app/first-load.css, docs/decisions/033) copies Chakra's design
 * tokens by value, each colour with the token it stands for in a comment. These tests hold the copy to the tokens
 * and its text colours to WCAG AA's 4.5:1 on the backgrounds they are drawn on, in the light and the dark theme.
 * The signed-in layout and home page, drawn without Chakra too (docs/decisions/049), take every colour from it.
 */
const css = readFileSync(new URL('../../src/app/first-load.css', import.meta.url), 'utf8');
/** The stylesheets of the signed-in pages drawn without Chakra: their colours are first-load.css's variables. */
const SIGNED_IN = ['src/app/layout/layout.css', 'src/screens/home/home.css', 'src/screens/first-deposit/wizard.css'];
const signedIn = SIGNED_IN.map((path) => ({ path, text: readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8') }));
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
type Semantic = Record<string, Record<string, { value: Record<Mode, string> }>>;
/**
 * A token as the portal's Chakra system resolves it in a theme: `colors.blue.700` (a raw colour) or a semantic one
 * (`fg.muted`, `bg`, `blue.solid`), the system's own (dashboard-system.ts: the solid blue at shade 700) before Chakra's.
 */
const tokenValue = (token: string, mode: Mode): string => {
  if (token.startsWith('colors.')) return raw(`{${token}}`);
  const [group, key = 'DEFAULT'] = token.split('.');
  const semantic = (accessibleColors as unknown as Semantic)[group!]?.[key] ?? (semanticColors as unknown as Semantic)[group!]![key]!;
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

  it("resolves a token as the portal's system does: its solid blue is shade 700, Chakra's own 600", () => {
    expect(tokenValue('blue.solid', '_light')).toBe(raw('{colors.blue.700}'));
    expect(raw((semanticColors as unknown as Semantic).blue!.solid!.value._light)).toBe(raw('{colors.blue.600}'));
  });

  it('uses no colour it does not declare in both themes', () => {
    const used = [css, ...signedIn.map((file) => file.text)].flatMap((text) => [...text.matchAll(/var\((--ui-[\w-]+)/g)].map((m) => m[1]!));
    expect(used.length).toBeGreaterThan(50);
    const colours = new Set(themes._light.keys());
    // The other --ui-* variables are not colours: the font, the shadow, a button's ring (set from a colour variable).
    const others = ['--ui-font', '--ui-shadow', '--ui-ring'];
    expect([...new Set(used)].filter((name) => !colours.has(name) && !others.includes(name))).toEqual([]);
  });
});

describe("the signed-in layout's, home page's and wizard's stylesheets (docs/decisions/049, 051)", () => {
  it.each(SIGNED_IN)("%s: every colour is one of first-load.css's, none written out", (path) => {
    const text = signedIn.find((file) => file.path === path)!.text.replace(/\/\*[\s\S]*?\*\//g, '');
    expect(text.match(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|oklch|lab|lch)\(|\b(?:white|black|red|blue|gray|grey)\b(?!-)/gi)).toBeNull();
    expect(text).toMatch(/var\(--ui-/);
  });

  it.each(SIGNED_IN)('%s: puts every rule on a class of its own (with Chakra on the page, the look does not change)', (path) => {
    const text = signedIn.find((file) => file.path === path)!.text.replace(/\/\*[\s\S]*?\*\//g, '');
    // Each selector of a style rule (not the keyframes' steps) starts from a class.
    const selectors = [...text.replace(/@keyframes[\w\s-]+\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '').matchAll(/([^{}@;]+)\{[^{}]*\}/g)]
      .flatMap((m) => m[1]!.split(','))
      .map((selector) => selector.trim());
    expect(selectors.length).toBeGreaterThan(20);
    expect(selectors.filter((selector) => !selector.startsWith('.'))).toEqual([]);
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
    // The signed-in layout and home page (docs/decisions/049).
    ['fg', 'bg-panel', "a card's text"],
    ['fg-muted', 'bg-panel', "a figure's label"],
    ['fg-muted', 'bg-subtle', 'the greeting on the page'],
    ['fg-muted', 'bg', "the side panel's group and version"],
    ['fg', 'bg-muted', 'a navigation entry under the pointer'],
    ['brand', 'active-bg', 'the current page in the navigation'],
    ['brand', 'avatar-bg', "the avatar's initial"],
    ['ghost-fg', 'bg-subtle', 'a link on the page'],
    ['ghost-fg', 'bg', 'a link in a table'],
    // The deposit wizard's first step (docs/decisions/051).
    ['fg', 'active-bg', "the current step's name"],
    ['solid-contrast', 'solid', "the current step's number"],
    ['done-fg', 'done-bg', "a done step's mark"],
    ['fg', 'bg-muted', "a next step's number"],
    ['error-fg', 'bg-panel', "the search field's error in the step's card"],
    ['warning-fg', 'warning-bg', 'a warning (no such customer, not qualified)'],
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
