import { open } from 'node:fs/promises';

import yauzl from 'yauzl';

export interface FileKind {
  /** Short name shown to people and used as the stored extension. */
  type: 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'png' | 'jpg' | 'webp' | 'gif' | 'mp4' | 'webm';
  mimeType: string;
}

const KINDS: Record<FileKind['type'], string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

export const IMAGE_TYPES: FileKind['type'][] = ['png', 'jpg', 'webp'];

const kind = (type: FileKind['type']): FileKind => ({ type, mimeType: KINDS[type] });
const starts = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Buffer, text: string, at = 0) => bytes.subarray(at, at + text.length).toString('latin1') === text;

/** ISO media brands of MP4 video (not HEIC images, QuickTime or audio-only files). */
const MP4_BRANDS = ['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4'];

/** What the first bytes of a file say it is (ZIP-based Office files are told apart by their contents later). */
export function sniff(bytes: Buffer): FileKind | 'zip' | undefined {
  if (ascii(bytes, '%PDF-')) return kind('pdf');
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return kind('png');
  if (starts(bytes, [0xff, 0xd8, 0xff])) return kind('jpg');
  if (ascii(bytes, 'RIFF') && ascii(bytes, 'WEBP', 8)) return kind('webp');
  if (ascii(bytes, 'GIF87a') || ascii(bytes, 'GIF89a')) return kind('gif');
  if (ascii(bytes, 'ftyp', 4) && MP4_BRANDS.includes(bytes.subarray(8, 12).toString('latin1'))) return kind('mp4');
  if (starts(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return kind('webm');
  if (starts(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  return undefined;
}

export const ZIP_LIMITS = { entries: 10_000, uncompressedBytes: 1024 * 1024 * 1024 };

/**
 * An Office Open XML file checked as a sane ZIP: bounded entry count and uncompressed size (no zip
 * bombs), [Content_Types].xml present, and the part that says which Office file it is.
 */
export function officeKind(path: string): Promise<FileKind | undefined> {
  return new Promise((resolve) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error || !zip) return resolve(undefined);
      if (zip.entryCount > ZIP_LIMITS.entries) {
        zip.close();
        return resolve(undefined);
      }
      let total = 0;
      const names = new Set<string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        names.add(entry.fileName);
        if (total > ZIP_LIMITS.uncompressedBytes) {
          zip.close();
          return resolve(undefined);
        }
        zip.readEntry();
      });
      zip.on('error', () => resolve(undefined));
      zip.on('end', () => {
        if (!names.has('[Content_Types].xml')) return resolve(undefined);
        if (names.has('word/document.xml')) return resolve(kind('docx'));
        if (names.has('xl/workbook.xml')) return resolve(kind('xlsx'));
        if (names.has('ppt/presentation.xml')) return resolve(kind('pptx'));
        resolve(undefined);
      });
      zip.readEntry();
    });
  });
}

/** The kind of a spooled file from its bytes (never its name), or undefined when it is not accepted. */
export async function detectFileKind(path: string): Promise<FileKind | undefined> {
  const handle = await open(path, 'r');
  const head = Buffer.alloc(64);
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const sniffed = sniff(head);
  if (sniffed === 'zip') return officeKind(path);
  return sniffed;
}
