import { BadRequestException } from '@nestjs/common';

import { assertSafeInput, MAX_INPUT_DEPTH, textProblem } from './input-safety.js';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? { a: value } : [value];
  return value;
}

function refusal(input: unknown, name?: string): string {
  try {
    assertSafeInput(input, name);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('expected a 400');
}

describe('textProblem', () => {
  it.each(['plain', 'Zoë 👵🏽 李', '', 'tab\tand\nnewline'])('accepts %j', (text) => {
    expect(textProblem(text)).toBeUndefined();
  });

  it.each([
    ['a\u0000b', 'NUL'],
    ['\ud800', 'unpaired'],
    ['x\udc00y', 'unpaired'],
    ['\udc00\ud800', 'unpaired'],
  ])('refuses %j', (text, word) => {
    expect(textProblem(text)).toContain(word);
  });
});

describe('assertSafeInput', () => {
  it('accepts ordinary input up to the depth limit', () => {
    expect(() => assertSafeInput({ name: 'Rosa', days: [1, 2], nested: nested(MAX_INPUT_DEPTH - 1) })).not.toThrow();
    expect(() => assertSafeInput(nested(MAX_INPUT_DEPTH))).not.toThrow();
    expect(() => assertSafeInput(undefined)).not.toThrow();
  });

  it('refuses deeper nesting, even thousands of levels deep, without overflowing the stack', () => {
    expect(refusal(nested(MAX_INPUT_DEPTH + 1))).toContain('nested too deeply');
    expect(refusal({ q: nested(100_000) }, 'filter')).toBe(`filter.q is nested too deeply (more than ${MAX_INPUT_DEPTH} levels)`);
  });

  it('names the field holding bad text, in values and in keys', () => {
    expect(refusal({ firstName: 'Ro\u0000sa' })).toBe('firstName contains a NUL character, which is not allowed');
    expect(refusal({ days: [1, '\ud800'] })).toBe('days[1] contains invalid text (an unpaired UTF-16 surrogate)');
    expect(refusal({ q: 'a\u0000' }, 'filter')).toBe('filter.q contains a NUL character, which is not allowed');
    expect(refusal({ ['k\u0000']: 1 })).toContain('A field name in the request contains a NUL character');
    expect(refusal('\u0000')).toContain('The request contains a NUL');
  });
});
