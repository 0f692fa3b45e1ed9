export const TEMPLATE_PATH = '.tmp/pglite-template.tar.gz';
export const TEST_NOW = new Date('2026-11-02T08:00:00.000Z');
