import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
/** The parts of the app whose every word comes from a catalogue. */
const CHECKED = ['portal', 'shared', 'broker-app'];
/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'aria-description']);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return path.endsWith('.tsx') && !path.endsWith('.test.tsx') ? [path] : [];
  });
}

/** The words an expression can show: a literal, or a branch of `a ? 'x' : 'y'`, `a ?? 'x'`, `a || 'x'`, `a && 'x'`. */
function literalsOf(node: ts.Expression): string[] {
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  const fallback = [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken];
  if (ts.isBinaryExpression(node) && fallback.includes(node.operatorToken.kind))
    return [...literalsOf(node.left), ...literalsOf(node.right)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) return literalsOf(node.right);
  return [];
}

const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

/**
 * Words written into a component: JSX text with letters, and literal strings shown as a child or
 * given to a read attribute (directly or as a branch of a condition or fallback).
 */
export function hardCodedTexts(source: string, fileName = 'x.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const value = node.initializer;
      const literals = ts.isStringLiteral(value)
        ? [value.text]
        : ts.isJsxExpression(value) && value.expression
          ? literalsOf(value.expression)
          : [];
      for (const literal of literals.filter(hasWords)) found.push(`${node.name.getText(file)}="${literal}"`);
    }
    if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const literal of literalsOf(node.expression).filter(hasWords)) found.push(`{"${literal}"}`);
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
    expect(
      hardCodedTexts(
        "const A = () => <Chip label={on ? 'Active' : T.off} title={name ?? 'Nobody'}>{busy && 'Saving…'}{x ? 'Yes' : 'No'}</Chip>;",
      ),
    ).toEqual(['label="Active"', 'title="Nobody"', '{"Saving…"}', '{"Yes"}', '{"No"}']);
  });

  it.each(CHECKED)('%s: every word comes from the catalogue', (dir) => {
    const offenders = tsxFiles(join(SRC, dir)).flatMap((path) =>
      hardCodedTexts(readFileSync(path, 'utf8'), path).map((text) => `${relative(SRC, path)}: ${text}`),
    );
    expect(offenders).toEqual([]);
  });
});
