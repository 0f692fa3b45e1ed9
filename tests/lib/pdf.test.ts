import { describe, expect, it } from 'vitest';
import { tablePdf } from '../../src/services/pdf';

describe('a table printed as PDF', () => {
  it('is a PDF holding the title, the lines, the header, every row and the footer', async () => {
    const blob = await tablePdf({
      filename: 'defaulters.pdf',
      title: 'Defaulters - watchful',
      lines: ['Printed by Neema on 24 Nov 2026'],
      header: ['Customer', 'Amount due'],
      rows: [
        ['Amani Mrisho', 'TZS 12,000'],
        ['Zawadi Said', 'TZS 4,500'],
      ],
      numeric: [1],
      footer: '2 rows',
    });
    expect(blob.type).toBe('application/pdf');
    const text = Buffer.from(await blob.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    for (const words of [
      'Defaulters - watchful',
      'Printed by Neema on 24 Nov 2026',
      'Customer',
      'Amount due',
      'Amani Mrisho',
      'TZS 4,500',
      '2 rows',
    ]) {
      expect(text).toContain(`(${words})`);
    }
  });

  it('turns to landscape for a wide table', async () => {
    const header = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const text = Buffer.from(await (await tablePdf({ filename: 'x.pdf', title: 'Wide', header, rows: [header] })).arrayBuffer()).toString(
      'latin1',
    );
    // A4 is 595.28 x 841.89 pt; landscape pages are wider than tall.
    expect(text).toMatch(/\/MediaBox \[0 0 841\.8\d* 595\.2\d*\]/);
  });
});
