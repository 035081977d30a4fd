import { loadOnce } from './load-once.js';

/** PDFKit, loaded with the first PDF (the compliance report, a client's reminder history). */
export const loadPdfKit = loadOnce(async () => (await import('pdfkit')).default);
