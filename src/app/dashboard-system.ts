import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { inputRecipe } from '@chakra-theme/recipes/input.js';
import { linkRecipe } from '@chakra-theme/recipes/link.js';
import { badgeRecipe } from '@chakra-theme/recipes/badge.js';
import { checkmarkRecipe } from '@chakra-theme/recipes/checkmark.js';
import { codeRecipe } from '@chakra-theme/recipes/code.js';
import { iconRecipe } from '@chakra-theme/recipes/icon.js';
import { inputAddonRecipe } from '@chakra-theme/recipes/input-addon.js';
import { radiomarkRecipe } from '@chakra-theme/recipes/radiomark.js';
import { separatorRecipe } from '@chakra-theme/recipes/separator.js';
import { skeletonRecipe } from '@chakra-theme/recipes/skeleton.js';
import { textareaRecipe } from '@chakra-theme/recipes/textarea.js';
import { alertSlotRecipe } from '@chakra-theme/recipes/alert.js';
import { cardSlotRecipe } from '@chakra-theme/recipes/card.js';
import { fieldSlotRecipe } from '@chakra-theme/recipes/field.js';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select.js';
import { avatarSlotRecipe } from '@chakra-theme/recipes/avatar.js';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox.js';
import { collapsibleSlotRecipe } from '@chakra-theme/recipes/collapsible.js';
import { dataListSlotRecipe } from '@chakra-theme/recipes/data-list.js';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog.js';
import { drawerSlotRecipe } from '@chakra-theme/recipes/drawer.js';
import { emptyStateSlotRecipe } from '@chakra-theme/recipes/empty-state.js';
import { fieldsetSlotRecipe } from '@chakra-theme/recipes/fieldset.js';
import { listSlotRecipe } from '@chakra-theme/recipes/list.js';
import { menuSlotRecipe } from '@chakra-theme/recipes/menu.js';
import { pinInputSlotRecipe } from '@chakra-theme/recipes/pin-input.js';
import { popoverSlotRecipe } from '@chakra-theme/recipes/popover.js';
import { progressSlotRecipe } from '@chakra-theme/recipes/progress.js';
import { qrCodeSlotRecipe } from '@chakra-theme/recipes/qr-code.js';
import { radioGroupSlotRecipe } from '@chakra-theme/recipes/radio-group.js';
import { statSlotRecipe } from '@chakra-theme/recipes/stat.js';
import { statusSlotRecipe } from '@chakra-theme/recipes/status.js';
import { stepsSlotRecipe } from '@chakra-theme/recipes/steps.js';
import { switchSlotRecipe } from '@chakra-theme/recipes/switch.js';
import { tableSlotRecipe } from '@chakra-theme/recipes/table.js';
import { tabsSlotRecipe } from '@chakra-theme/recipes/tabs.js';
import { tagSlotRecipe } from '@chakra-theme/recipes/tag.js';
import { toastSlotRecipe } from '@chakra-theme/recipes/toast.js';
import { tooltipSlotRecipe } from '@chakra-theme/recipes/tooltip.js';
import { semanticColors } from '@chakra-theme/semantic-tokens/colors.js';
import { baseConfig } from './system';

/**
 * Chakra's solid green, teal and blue (shade 600) carry white text at 3.3:1, 3.7:1 and, shaded, under 4.5:1: the
 * signed-in portal's solid buttons use shade 700, which reaches WCAG AA's 4.5:1 in both themes (issue 17). The pages
 * before login, drawn without Chakra, use the same blue 700 (first-load.css).
 */
const solid700 = (palette: 'green' | 'teal' | 'blue') => ({
  ...semanticColors[palette],
  solid: { value: { _light: `{colors.${palette}.700}`, _dark: `{colors.${palette}.700}` } },
});
/** The solid colours the signed-in portal's buttons use, each at 4.5:1 or better with its text. */
export const accessibleColors = { green: solid700('green'), teal: solid700('teal'), blue: solid700('blue') };

/** The Chakra system of every page that draws with Chakra (chakra-root.tsx): every recipe the portal uses. */
export const dashboardSystem = createSystem(
  defaultBaseConfig,
  baseConfig,
  defineConfig({
    theme: {
      semanticTokens: { colors: accessibleColors },
      recipes: {
        input: inputRecipe,
        link: linkRecipe,
        badge: badgeRecipe,
        checkmark: checkmarkRecipe,
        code: codeRecipe,
        icon: iconRecipe,
        inputAddon: inputAddonRecipe,
        radiomark: radiomarkRecipe,
        separator: separatorRecipe,
        skeleton: skeletonRecipe,
        textarea: textareaRecipe,
      },
      slotRecipes: {
        alert: alertSlotRecipe,
        card: cardSlotRecipe,
        field: fieldSlotRecipe,
        nativeSelect: nativeSelectSlotRecipe,
        avatar: avatarSlotRecipe,
        checkbox: checkboxSlotRecipe,
        collapsible: collapsibleSlotRecipe,
        dataList: dataListSlotRecipe,
        dialog: dialogSlotRecipe,
        drawer: drawerSlotRecipe,
        emptyState: emptyStateSlotRecipe,
        fieldset: fieldsetSlotRecipe,
        list: listSlotRecipe,
        menu: menuSlotRecipe,
        pinInput: pinInputSlotRecipe,
        popover: popoverSlotRecipe,
        progress: progressSlotRecipe,
        qrCode: qrCodeSlotRecipe,
        radioGroup: radioGroupSlotRecipe,
        stat: statSlotRecipe,
        status: statusSlotRecipe,
        steps: stepsSlotRecipe,
        switch: switchSlotRecipe,
        table: tableSlotRecipe,
        tabs: tabsSlotRecipe,
        tag: tagSlotRecipe,
        toast: toastSlotRecipe,
        tooltip: tooltipSlotRecipe,
      },
    },
  }),
);
