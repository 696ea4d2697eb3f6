import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bumpIsEnough, canonicalType, changeBetween, readSurface } from './shared-surface';

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

  it("does not count a union printed in another order as a change (the checker's order follows the program)", () => {
    const union = (members: string) => `export function pick(value: ${members}): string { return String(value); }`;
    const a = surfaceOf(union("'text' | 'all' | 'none'"));
    const b = surfaceOf(union("'all' | 'none' | 'text'"));
    expect(changeBetween(a, b).change).toBe('none');
    expect(changeBetween(a, surfaceOf(union("'all' | 'none'"))).change).toBe('major');
  });

  it("counts a parameter's union that only gained members as an addition, and one that lost some as a change", () => {
    const takes = (members: string) =>
      `interface Props { url: ${members}; label: string; }\nexport function Link(props: Props): string { return props.label; }\nexport function pick(value: ${members}): string { return value; }`;
    const before = surfaceOf(takes("'/a' | `/b/${string}`"));
    expect(changeBetween(before, surfaceOf(takes("'/a' | `/b/${string}` | '/c'"))).change).toBe('minor');
    expect(changeBetween(before, surfaceOf(takes("'/a'"))).change).toBe('major');
    // What shared hands out may not grow: a reader of it would meet values it does not know.
    const gives = (members: string) => `export function url(): ${members} { return '/a'; }`;
    expect(changeBetween(surfaceOf(gives("'/a'")), surfaceOf(gives("'/a' | '/c'"))).change).toBe('major');
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
