// Chakra's theme parts, imported file by file (see src/app/system.ts and docs/decisions/003).
declare module '@chakra-theme/*';
