import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
/** The parts of the app whose every word comes from a catalogue (the broker app follows as its pages move over). */
const CHECKED = ['portal', 'shared'];
/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'aria-description']);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return path.endsWith('.tsx') && !path.endsWith('.test.tsx') ? [path] : [];
  });
}

/** Words written into a component: JSX text with letters, and read attributes given as literal strings. */
export function hardCodedTexts(source: string, fileName = 'x.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const value = node.initializer;
      const literal = ts.isStringLiteral(value)
        ? value.text
        : ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
          ? value.expression.text
          : undefined;
      if (literal && /\p{L}/u.test(literal)) found.push(`${node.name.getText(file)}="${literal}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('no user-facing words written into components', () => {
  it('finds JSX text and literal labels (the scan itself works)', () => {
    expect(hardCodedTexts('const A = () => <button aria-label="Close" title={"Shut"}>Save now</button>;')).toEqual([
      'aria-label="Close"',
      'title="Shut"',
      'Save now',
    ]);
    expect(hardCodedTexts('const A = () => <button aria-label={T.close}>{T.save} ·</button>;')).toEqual([]);
  });

  it.each(CHECKED)('%s: every word comes from the catalogue', (dir) => {
    const offenders = tsxFiles(join(SRC, dir)).flatMap((path) =>
      hardCodedTexts(readFileSync(path, 'utf8'), path).map((text) => `${relative(SRC, path)}: ${text}`),
    );
    expect(offenders).toEqual([]);
  });
});
