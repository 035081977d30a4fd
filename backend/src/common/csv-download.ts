import type { Logger } from '@nestjs/common';
import type { Response } from 'express';

/**
 * Streams CSV lines to the browser as a download named `filename`. The first line is read before
 * anything is sent, so a bad filter still answers 400 with a message; then each line waits for room
 * in the socket, and a reader who closes the tab ends the export. A failure past the headers cuts
 * the file short (a status can no longer be sent), so it is not taken for a whole one.
 */
export async function sendCsv(res: Response, lines: AsyncGenerator<string>, filename: string, logger: Logger): Promise<void> {
  const first = await lines.next();
  res.status(200).set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  });
  // A byte-order mark, so that spreadsheets read accents as UTF-8.
  res.write('\uFEFF');
  if (!first.done) res.write(first.value);
  try {
    for await (const line of lines) {
      if (!res.write(line)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
      if (res.destroyed) return;
    }
    res.end();
  } catch (error) {
    logger.error(`The ${filename} export stopped part-way: ${error instanceof Error ? error.message : String(error)}`);
    res.destroy();
  }
}
