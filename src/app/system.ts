import { defineConfig } from '@chakra-ui/react';
import { animationStyles } from '@chakra-theme/motion-styles.js';
import { breakpoints } from '@chakra-theme/breakpoints.js';
import { globalCss } from '@chakra-theme/global-css.js';
import { keyframes } from '@chakra-theme/tokens/keyframes.js';
import { layerStyles } from '@chakra-theme/layer-styles.js';
import { textStyles } from '@chakra-theme/text-styles.js';
import { semanticColors } from '@chakra-theme/semantic-tokens/colors.js';
import { semanticRadii } from '@chakra-theme/semantic-tokens/radii.js';
import { semanticShadows } from '@chakra-theme/semantic-tokens/shadows.js';
import { animations } from '@chakra-theme/tokens/animations.js';
import { aspectRatios } from '@chakra-theme/tokens/aspect-ratios.js';
import { blurs } from '@chakra-theme/tokens/blurs.js';
import { borders } from '@chakra-theme/tokens/borders.js';
import { colors } from '@chakra-theme/tokens/colors.js';
import { cursor } from '@chakra-theme/tokens/cursor.js';
import { durations } from '@chakra-theme/tokens/durations.js';
import { easings } from '@chakra-theme/tokens/easings.js';
import { fontSizes } from '@chakra-theme/tokens/font-sizes.js';
import { fontWeights } from '@chakra-theme/tokens/font-weights.js';
import { fonts } from '@chakra-theme/tokens/fonts.js';
import { letterSpacings } from '@chakra-theme/tokens/letter-spacing.js';
import { lineHeights } from '@chakra-theme/tokens/line-heights.js';
import { radii } from '@chakra-theme/tokens/radius.js';
import { sizes } from '@chakra-theme/tokens/sizes.js';
import { spacing } from '@chakra-theme/tokens/spacing.js';
import { zIndices } from '@chakra-theme/tokens/z-indices.js';
import { buttonRecipe } from '@chakra-theme/recipes/button.js';
import { containerRecipe } from '@chakra-theme/recipes/container.js';
import { headingRecipe } from '@chakra-theme/recipes/heading.js';
import { spinnerRecipe } from '@chakra-theme/recipes/spinner.js';

/**
 * The palettes no screen names (tests/lib/theme-palettes.test.ts checks it). Each of Chakra's palettes is some 18
 * tokens that createSystem makes into CSS variables while the dashboard first loads, one long task on a low-end
 * phone (issue 16, Lighthouse's total blocking time): these two are left out.
 */
export const UNUSED_PALETTES = ['cyan', 'pink'] as const;
const withoutUnused = <T extends object>(palettes: T): T =>
  Object.fromEntries(Object.entries(palettes).filter(([name]) => !(UNUSED_PALETTES as readonly string[]).includes(name))) as T;

/**
 * Chakra's theme, file by file, with only the recipes the portal uses: the full default theme carries some 75
 * recipes (docs/decisions/003). These are the tokens and the first recipes; dashboard-system.ts adds the rest and
 * makes the one system the signed-in pages draw with. Chakra loads with those pages only: the pages before login
 * are plain elements with first-load.css, which takes its values from the same tokens (docs/decisions/033).
 */
export const baseConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: {
    ...globalCss,
    'html, body': { minHeight: '100%' },
    body: { bg: 'bg.subtle' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      animations,
      aspectRatios,
      blurs,
      borders,
      colors: withoutUnused(colors),
      cursor,
      durations,
      easings,
      fontSizes,
      fontWeights,
      fonts,
      letterSpacings,
      lineHeights,
      radii,
      sizes,
      spacing,
      zIndex: zIndices,
    },
    semanticTokens: { colors: withoutUnused(semanticColors), radii: semanticRadii, shadows: semanticShadows },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: { button: buttonRecipe, container: containerRecipe, heading: headingRecipe, spinner: spinnerRecipe },
  },
});
