import { lazyChunk } from './chunk-load';

/**
 * Chakra's provider (chakra-root.tsx), loaded when something drawn with Chakra is first drawn on the signed-in
 * pages: a screen other than the home page, or a part the layout opens later. The layout and the home page are plain
 * (docs/decisions/049), so the dashboard's first load brings neither Chakra's runtime nor its theme.
 */
export const LazyChakraRoot = lazyChunk(() => import('./chakra-root').then((m) => ({ default: m.ChakraRoot })));
