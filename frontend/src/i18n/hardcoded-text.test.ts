import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import { parse } from '@babel/parser';
import type { Expression, JSXAttribute, Node } from '@babel/types';
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
function literalsOf(node: Expression): string[] {
  if (node.type === 'StringLiteral') return [node.value];
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw);
  if (node.type === 'ConditionalExpression') return [...literalsOf(node.consequent), ...literalsOf(node.alternate)];
  if (node.type === 'LogicalExpression' && (node.operator === '??' || node.operator === '||'))
    return [...literalsOf(node.left), ...literalsOf(node.right)];
  if (node.type === 'LogicalExpression' && node.operator === '&&') return literalsOf(node.right);
  return [];
}

const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

/**
 * Words written into a component: JSX text with letters, and literal strings shown as a child or
 * given to a read attribute (directly or as a branch of a condition or fallback).
 */
export function hardCodedTexts(source: string, fileName = 'x.tsx'): string[] {
  const file = parse(source, { sourceType: 'module', sourceFilename: fileName, plugins: ['typescript', 'jsx'] });
  /** What was found, with where it starts, so that the answer is in the order of the source. */
  const found: { at: number; text: string }[] = [];
  const attributeName = (node: JSXAttribute) =>
    node.name.type === 'JSXNamespacedName' ? `${node.name.namespace.name}:${node.name.name.name}` : node.name.name;
  const visit = (node: Node, parent?: Node) => {
    const at = node.start ?? 0;
    if (node.type === 'JSXText' && /\p{L}/u.test(node.value)) found.push({ at, text: node.value.trim() });
    if (node.type === 'JSXAttribute' && READ_ATTRIBUTES.has(attributeName(node)) && node.value) {
      const value = node.value;
      const literals =
        value.type === 'StringLiteral'
          ? [value.value]
          : value.type === 'JSXExpressionContainer' && value.expression.type !== 'JSXEmptyExpression'
            ? literalsOf(value.expression)
            : [];
      for (const literal of literals.filter(hasWords)) found.push({ at, text: `${attributeName(node)}="${literal}"` });
    }
    if (
      node.type === 'JSXExpressionContainer' &&
      node.expression.type !== 'JSXEmptyExpression' &&
      (parent?.type === 'JSXElement' || parent?.type === 'JSXFragment')
    ) {
      for (const literal of literalsOf(node.expression).filter(hasWords)) found.push({ at, text: `{"${literal}"}` });
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'innerComments') continue;
      for (const item of Array.isArray(child) ? child : [child]) {
        if (item && typeof item === 'object' && typeof (item as Node).type === 'string') visit(item as Node, node);
      }
    }
  };
  visit(file.program);
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.text);
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
