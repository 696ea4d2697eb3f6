import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bumpIsEnough, canonicalType, changeBetween, readSurface, withoutBindings } from './shared-surface';

// The rules behind `npm run surface`, on a small package written for each case.
function surfaceOf(source: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'surface-'));
  try {
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true } }));
    fs.writeFileSync(path.join(dir, 'src', 'index.ts'), source);
    return readSurface(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const base = `
export interface FieldProps { name: string; label?: string }
export function field(props: FieldProps): string { return props.name; }
export function format(value: number): string { return String(value); }
export const limit = 3 as number;
`;

describe("shared's surface report", () => {
  const before = surfaceOf(base);

  it('lists each export with its members and parameters', () => {
    expect(Object.keys(before)).toEqual(['field', 'FieldProps', 'format', 'limit']);
    expect(before.FieldProps).toEqual({
      kind: 'type',
      type: 'FieldProps',
      members: { label: { type: 'string | undefined', optional: true }, name: { type: 'string' } },
    });
    expect(before.format).toEqual({
      kind: 'function',
      signatures: [{ params: [{ name: 'value', type: 'number' }], returns: 'string' }],
    });
  });

  it.each([
    ['nothing changed', base, 'none'],
    ['a new export', `${base}export const other = 1;`, 'minor'],
    ['a new optional member', base.replace('label?: string', 'label?: string; hint?: string'), 'minor'],
    [
      'a new optional trailing parameter',
      base.replace('format(value: number)', 'format(value: number, digits?: number)'),
      'minor',
    ],
    ['a removed export', base.replace('export const limit = 3 as number;', ''), 'major'],
    ['a new required member', base.replace('label?: string', 'label?: string; hint: string'), 'major'],
    ['a changed parameter type', base.replace('format(value: number)', 'format(value: string)'), 'major'],
    ['a changed return type', base.replace('): string { return String', '): number { return Number'), 'major'],
  ])('classifies %s', (_case, source, change) => {
    expect(changeBetween(before, surfaceOf(source)).change).toBe(change);
  });

  it("does not count a parameter's name, its type's name or a returned function's bindings as a change", () => {
    const named = `interface FieldProps { name: string }\nexport function field(props: FieldProps): string { return props.name; }`;
    const renamed = `interface DateProps { name: string; weekStart?: number }\nexport function field({ name }: DateProps): string { return name; }`;
    expect(changeBetween(surfaceOf(named), surfaceOf(renamed)).change).toBe('minor');
    const required = renamed.replace('weekStart?: number', 'weekStart: number');
    expect(changeBetween(surfaceOf(named), surfaceOf(required)).change).toBe('major');
    const pager = (pattern: string, extra: string) =>
      `interface Page { page: number${extra} }\n` +
      `export function pager(): (${pattern}: Page) => number { return (${pattern}) => page; }`;
    expect(
      changeBetween(surfaceOf(pager('{ page }', '')), surfaceOf(pager('{ page, sort }', '; sort?: string'))).change,
    ).toBe('minor');
    expect(withoutBindings('(id: string, { page, q }: PageRequest, x?: { a: string }) => void')).toBe(
      '(id: string, _: PageRequest, x?: { a: string }) => void',
    );
  });

  it('counts a parameter made optional and an added overload as additions, never the reverse', () => {
    const back = (mark: string) =>
      `export function remove(id: string, back${mark}: string): void { void id; void back; }`;
    expect(changeBetween(surfaceOf(back('')), surfaceOf(back('?'))).change).toBe('minor');
    expect(changeBetween(surfaceOf(back('?')), surfaceOf(back(''))).change).toBe('major');
    const one = 'export function row(id: string): string { return id; }';
    const two =
      'export function row(id: string): string;\nexport function row(kind: { id: string }): string;\n' +
      "export function row(of: string | { id: string }): string { return typeof of === 'string' ? of : of.id; }";
    expect(changeBetween(surfaceOf(one), surfaceOf(two)).change).toBe('minor');
    expect(changeBetween(surfaceOf(two), surfaceOf(one)).change).toBe('major');
  });

  it("counts a form's field list taking more choices as an addition: apps write it, shared reads it", () => {
    const spec = (options: string) => `export interface FieldSpec { name: string; options?: readonly ${options}[] }`;
    const other = (options: string) => spec(options).replace('FieldSpec', 'Shown');
    const labelled = '(string | { value: string; label: string })';
    expect(changeBetween(surfaceOf(spec('string')), surfaceOf(spec(labelled))).change).toBe('minor');
    expect(changeBetween(surfaceOf(spec(labelled)), surfaceOf(spec('string'))).change).toBe('major');
    expect(changeBetween(surfaceOf(other('string')), surfaceOf(other(labelled))).change).toBe('major');
  });

  it("does not count a union printed in another order as a change (the checker's order follows the program)", () => {
    const union = (members: string) => `export function pick(value: ${members}): string { return String(value); }`;
    const a = surfaceOf(union("'text' | 'all' | 'none'"));
    const b = surfaceOf(union("'all' | 'none' | 'text'"));
    expect(changeBetween(a, b).change).toBe('none');
    expect(changeBetween(a, surfaceOf(union("'all' | 'none'"))).change).toBe('major');
  });

  it("counts a parameter that takes more than it did as an addition, never an answer's or a type's", () => {
    const takes = (members: string) =>
      `interface Props { url: ${members}; label: string }\n` +
      `export function download(props: Props): string { return props.label; }\n` +
      `export function pick(value: ${members}): string { return String(value); }`;
    const answers = (members: string) => `export function kind(): ${members} { return 'a'; }`;
    const typed = (members: string) => `export interface Props { url: ${members} }`;
    expect(changeBetween(surfaceOf(takes("'a' | 'b'")), surfaceOf(takes("'a' | 'b' | 'c'"))).change).toBe('minor');
    expect(changeBetween(surfaceOf(takes("'a' | 'b'")), surfaceOf(takes("'a' | 'c'"))).change).toBe('major');
    expect(changeBetween(surfaceOf(answers("'a' | 'b'")), surfaceOf(answers("'a' | 'b' | 'c'"))).change).toBe('major');
    expect(changeBetween(surfaceOf(typed("'a' | 'b'")), surfaceOf(typed("'a' | 'b' | 'c'"))).change).toBe('major');
  });

  it('reads a type with its unions and object members in one order at every depth, and no other change away', () => {
    const same = [
      '{ get: A; put: (body?: string | Blob | null) => Promise<X | Y>; }',
      '{ put: (body?: null | Blob | string) => Promise<Y | X>; get: A; }',
    ];
    expect(canonicalType(same[0])).toBe(canonicalType(same[1]));
    // Parameters keep their order; a member's type, an arrow's answer or a generic's argument is a change.
    expect(canonicalType('(a: string, b: number) => void')).not.toBe(canonicalType('(b: number, a: string) => void'));
    expect(canonicalType('{ get: A; }')).not.toBe(canonicalType('{ get: B; }'));
    expect(canonicalType('(a: string) => A | B')).not.toBe(canonicalType('(a: string) => A'));
    expect(canonicalType("Promise<'a' | 'b'>")).not.toBe(canonicalType("Promise<'a'>"));
  });

  it.each([
    ['major', '2.1.0', '3.0.0', true],
    ['major', '2.1.0', '2.2.0', false],
    ['minor', '2.1.0', '2.2.0', true],
    ['minor', '2.1.0', '2.1.1', false],
    ['minor', '2.1.0', '3.0.0', true],
    ['none', '2.1.0', '2.1.0', true],
  ] as const)('a %s change from %s to %s is enough: %s', (change, from, to, enough) => {
    expect(bumpIsEnough(change, from, to)).toBe(enough);
  });
});
