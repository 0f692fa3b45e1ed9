import { fileURLToPath } from 'node:url';

/** Chakra's theme files one by one, so only the recipes the portal uses are bundled (docs/decisions/003). */
export const aliases = [
  {
    find: /^@chakra-theme\/(.*)$/,
    replacement: fileURLToPath(new URL('./node_modules/@chakra-ui/react/dist/esm/theme/$1', import.meta.url)),
  },
];
