import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';

import { spanishReactAdmin } from './es/react-admin.ts';

/** Every string of a nested messages object, by its dotted key path ('ra.action.save'). */
function strings(messages: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of strings(value as object, path)) found.set(inner, text);
  }
  return found;
}

/** The polyglot placeholders of a message, sorted and without repeats ('%{name}', '%{smart_count}'). */
const placeholders = (text: string) => [...new Set(text.match(/%\{[^}]+\}/g) ?? [])].sort();
/** How many plural separators a message has. */
const separators = (text: string) => text.split('||||').length - 1;

const english = strings(englishMessages);
const spanish = strings(spanishReactAdmin);

describe("react-admin's messages in Spanish", () => {
  it('has exactly the key paths of ra-language-english', () => {
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([...english])('%s keeps the placeholders and plural separators', (path, text) => {
    const translated = spanish.get(path) ?? '';
    expect(placeholders(translated)).toEqual(placeholders(text));
    expect(separators(translated)).toBe(separators(text));
  });
});
