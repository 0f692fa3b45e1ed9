import { saveFile } from './download';

/** A table to print: a title, lines under it (filters, period, who printed it and when), a header and its rows. */
export interface PdfTable {
  filename: string;
  title: string;
  /** Lines printed under the title, already in the reader's language (period, filters, "printed by ... on ..."). */
  lines?: readonly string[];
  header: readonly string[];
  rows: ReadonlyArray<readonly unknown[]>;
  /** Column indexes to right-align (amounts, counts). */
  numeric?: readonly number[];
  /** A line printed after the table (totals, "first 5,000 of 12,345 rows"). */
  footer?: string;
}

const cell = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * Builds the PDF of a table (A4, landscape when it has more than six columns, the header repeated on every page,
 * page numbers at the foot) and returns it as a Blob. jsPDF and its table plugin are loaded on first use, so they
 * stay out of every screen's first load.
 */
export async function tablePdf(table: PdfTable): Promise<Blob> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation: table.header.length > 6 ? 'landscape' : 'portrait', unit: 'pt', format: 'a4' });
  const margin = 36;
  doc.setFontSize(14);
  doc.text(table.title, margin, margin + 4);
  doc.setFontSize(9);
  const lines = table.lines ?? [];
  lines.forEach((line, i) => doc.text(line, margin, margin + 20 + i * 12));
  const numeric = new Set(table.numeric ?? []);
  autoTable(doc, {
    startY: margin + 28 + lines.length * 12,
    margin: { left: margin, right: margin },
    head: [table.header.map(cell)],
    body: table.rows.map((row) => row.map(cell)),
    styles: { fontSize: 8, cellPadding: 3 },
    headStyles: { fillColor: [33, 37, 41] },
    columnStyles: Object.fromEntries([...numeric].map((i) => [i, { halign: 'right' as const }])),
    didDrawPage: () => {
      const pageSize = doc.internal.pageSize;
      doc.setFontSize(8);
      doc.text(String(doc.getNumberOfPages()), pageSize.getWidth() - margin, pageSize.getHeight() - 16, { align: 'right' });
    },
  });
  if (table.footer) {
    const finalY = (doc as unknown as { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? margin;
    doc.setFontSize(9);
    doc.text(table.footer, margin, finalY + 16);
  }
  return doc.output('blob');
}

/** Builds the table's PDF and saves it through the browser. */
export async function saveTablePdf(table: PdfTable): Promise<{ rows: number }> {
  saveFile(table.filename, 'application/pdf', await tablePdf(table));
  return { rows: table.rows.length };
}
