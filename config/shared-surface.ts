// The public surface of `shared` (docs/shared-package.md), read by the TypeScript compiler from
// its runtime entries (shared/src/index.ts, shared/src/data/index.ts): every export with its type, and for objects and functions their members and
// parameters. It is kept in shared/surface.json beside the version it describes.
//   npm run surface            writes it, once shared/package.json carries a big enough bump:
//                              an export removed or changed → major; only additions → minor
//   npm run surface -- --check CI: fails when the committed report is not the surface of the code
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

interface Member {
  type: string;
  optional?: true;
  members?: Record<string, Member>;
}
interface Param extends Member {
  name: string;
}
interface Signature {
  params: Param[];
  returns: string;
}
export type Export =
  | { kind: 'type'; type: string; members: Record<string, Member> }
  | { kind: 'function'; signatures: Signature[] }
  | { kind: 'value'; type: string };
export type Surface = Record<string, Export>;
export type Change = 'none' | 'patch' | 'minor' | 'major';

/**
 * The entries apps import at run time: `src/index.ts` ('shared'), and each further entry its package.json
 * exports ('shared/data' → names prefixed 'data/'). The test helpers ('shared/testing') are never bundled.
 */
function runtimeEntries(sharedDir: string): Record<string, string> {
  const entries: Record<string, string> = { '': path.join(sharedDir, 'src', 'index.ts') };
  const manifest = path.join(sharedDir, 'package.json');
  if (!fs.existsSync(manifest)) return entries;
  const exported =
    (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports?: Record<string, string> }).exports ?? {};
  for (const [subpath, file] of Object.entries(exported)) {
    if (subpath === '.' || subpath === './testing' || !file.endsWith('.ts')) continue;
    entries[`${subpath.slice(2)}/`] = path.join(sharedDir, file);
  }
  return entries;
}

/** The exports of shared's runtime entries, as the TypeScript compiler sees them. */
// The declaration files of TypeScript's libraries and of node_modules, parsed once for every program this
// process builds: they are most of each program's parse, and the same from one to the next.
const libraryFiles = new Map<string, ts.SourceFile | undefined>();

function hostWithSharedLibs(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    if (!fileName.endsWith('.d.ts') || !fileName.includes('node_modules')) {
      return getSourceFile(fileName, languageVersion, ...rest);
    }
    const key = `${String(typeof languageVersion === 'object' ? languageVersion.languageVersion : languageVersion)} ${fileName}`;
    if (!libraryFiles.has(key)) libraryFiles.set(key, getSourceFile(fileName, languageVersion, ...rest));
    return libraryFiles.get(key);
  };
  return host;
}

export function readSurface(sharedDir: string): Surface {
  const configFile = ts.readConfigFile(path.join(sharedDir, 'tsconfig.json'), ts.sys.readFile);
  const config = ts.parseJsonConfigFileContent(configFile.config, ts.sys, sharedDir);
  const srcDir = path.join(sharedDir, 'src');
  const entries = runtimeEntries(sharedDir);
  const program = ts.createProgram(Object.values(entries), config.options, hostWithSharedLibs(config.options));
  const checker = program.getTypeChecker();
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;
  const text = (type: ts.Type) => checker.typeToString(type, undefined, flags);

  const isOptional = (symbol: ts.Symbol) => (symbol.flags & ts.SymbolFlags.Optional) !== 0;
  const members = (type: ts.Type): Record<string, Member> =>
    Object.fromEntries(
      checker
        .getPropertiesOfType(type)
        .map((property): [string, Member] => [
          // A well-known symbol's name carries the compiler's id for it ('__@iterator@148'), which moves
          // whenever any declaration is added anywhere: the report keeps the symbol's name alone.
          property.name.replace(/^(__@\w+)@\d+$/, '$1'),
          {
            type: text(checker.getTypeOfSymbol(property)),
            ...(isOptional(property) ? { optional: true as const } : {}),
          },
        ])
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  const signature = (sig: ts.Signature): Signature => ({
    params: sig.getParameters().map((param): Param => {
      const type = checker.getTypeOfSymbol(param);
      const declaration = param.valueDeclaration;
      const optional =
        declaration && ts.isParameter(declaration) && (declaration.questionToken || declaration.initializer);
      // Props and options declared by shared itself are listed member by member (generic ones too).
      const shape = declaredIn(srcDir, type) && type.getCallSignatures().length === 0;
      return {
        name: param.name,
        type: text(type),
        ...(optional ? { optional: true as const } : {}),
        ...(shape ? { members: members(type) } : {}),
      };
    }),
    returns: text(sig.getReturnType()),
  });

  const surface: Surface = {};
  for (const [prefix, entry] of Object.entries(entries)) {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const name = prefix + exported.name;
      if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
        const type = checker.getDeclaredTypeOfSymbol(symbol);
        surface[name] = { kind: 'type', type: text(type), members: members(type) };
      } else {
        const type = checker.getTypeOfSymbol(symbol);
        const signatures = type.getCallSignatures();
        surface[name] = signatures.length
          ? { kind: 'function', signatures: signatures.map(signature) }
          : { kind: 'value', type: text(type) };
      }
    }
  }
  return Object.fromEntries(Object.entries(surface).sort(([a], [b]) => a.localeCompare(b)));
}

/** True for a type declared in the package's own source (not a library's). */
function declaredIn(srcDir: string, type: ts.Type): boolean {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  // Real paths: 'shared/data' imports the main entry by the package name, through node_modules' link.
  return (symbol?.declarations ?? []).some((declaration) =>
    fs.realpathSync(declaration.getSourceFile().fileName).startsWith(fs.realpathSync(srcDir) + path.sep),
  );
}

const OPEN = '([{<';
const CLOSE = ')]}>';

/**
 * Each character of `text` outside quotes, with the bracket depth around it: an opening or closing
 * bracket reports the depth outside it ('=>' is no bracket).
 */
function* outsideQuotes(text: string): Generator<{ at: number; depth: number; bracket?: 'open' | 'close' }> {
  let depth = 0;
  let quote = '';
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quote) {
      if (char === '\\') at++;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (OPEN.includes(char)) yield { at, depth: depth++, bracket: 'open' };
    else if (CLOSE.includes(char) && !(char === '>' && text[at - 1] === '='))
      yield { at, depth: --depth, bracket: 'close' };
    else yield { at, depth };
  }
}

/** `text` cut at `separator` where it stands outside brackets and quotes, into `limit` parts at most. */
function splitOutside(text: string, separator: string, limit = Infinity): string[] {
  const parts: string[] = [];
  let start = 0;
  for (const { at, depth, bracket } of outsideQuotes(text)) {
    if (parts.length >= limit - 1) break;
    if (at < start || depth !== 0 || bracket || !text.startsWith(separator, at)) continue;
    parts.push(text.slice(start, at));
    start = at + separator.length;
  }
  parts.push(text.slice(start));
  return parts;
}

/** Each bracket's content of `text` (at the outer level) made canonical. */
function bracketsCanonical(text: string): string {
  let out = '';
  let from = 0;
  for (const { at, depth, bracket } of outsideQuotes(text)) {
    if (depth !== 0 || !bracket) continue;
    out += bracket === 'open' ? text.slice(from, at + 1) : canonicalType(text.slice(from, at)) + text[at];
    from = at + 1;
  }
  return out + text.slice(from);
}

/** A type (or a member's `name: type`) with its union's members sorted; the return type of an arrow too. */
function sortedUnion(text: string): string {
  const [key, value] = splitOutside(text, ': ', 2);
  if (value !== undefined) return `${key}: ${sortedUnion(value)}`;
  const [params, returns] = splitOutside(text, ' => ', 2);
  if (returns !== undefined) return `${params} => ${sortedUnion(returns)}`;
  return splitOutside(text, ' | ')
    .map((member) => member.trim())
    .sort()
    .join(' | ');
}

/**
 * A type's text with the members of every union and object type, at every depth, in one order: the
 * checker prints them in the order they were first met in the program, so new code elsewhere in shared
 * can reorder a type that did not change. Only for comparing: the report keeps the checker's text.
 */
export function canonicalType(text: string): string {
  const inner = bracketsCanonical(text);
  // Members of an object type ('a: A; b: B'), unordered as the union they may be mapped from.
  const members = splitOutside(inner, '; ');
  const canonicalMembers = members.map((piece) =>
    splitOutside(piece, ', ')
      .map((item) => (item.trim() ? sortedUnion(item.trim()) : ''))
      .join(', '),
  );
  return members.length > 1 ? canonicalMembers.filter(Boolean).sort().join('; ') : canonicalMembers[0];
}

/** An export as JSON, its types canonical (canonicalType). */
function canonical(value: Export): string {
  return JSON.stringify(value, (key, member: unknown) =>
    key === 'type' && typeof member === 'string' ? canonicalType(member) : member,
  );
}

/**
 * Types an app only writes and hands to shared (a form's field list): like a parameter, one whose member
 * takes more than it did still takes everything an app wrote for it.
 */
const HANDED_TO_SHARED = new Set(['FieldSpec']);

/** 'major' when something an app may use was removed or changed, 'minor' when only added, else 'none'. */
export function changeBetween(before: Surface, after: Surface): { change: Change; why: string } {
  let change: Change = 'none';
  for (const name of Object.keys(before)) {
    if (!(name in after)) return { change: 'major', why: `${name} was removed` };
    const was = canonical(before[name]);
    const is = canonical(after[name]);
    if (was === is) continue;
    if (onlyAddsOptional(before[name], after[name], HANDED_TO_SHARED.has(name))) change = 'minor';
    else return { change: 'major', why: `${name} changed` };
  }
  const added = Object.keys(after).filter((name) => !(name in before));
  if (added.length) change = 'minor';
  return { change, why: added.length ? `added: ${added.join(', ')}` : 'optional members or parameters added' };
}

/** An export whose only difference is new optional members or trailing optional parameters. */
/** The element type of an array type's text (`readonly (a | b)[]` → `a | b`), else undefined. */
function elementOf(type: string): string | undefined {
  const match = /^(?:readonly )?(?:\((.*)\)|([\w.<>]+))\[\]$/.exec(type);
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * Whether a union only gained members (`'a' | 'b'` → `'a' | 'b' | 'c'`), at the top or in an array's
 * element (`string[]` → `(string | Option)[]`). In a parameter it takes all it took before (a URL
 * parameter typed from the API contract grows with each new route): an addition.
 */
function widens(was: string, is: string): boolean {
  const members = (type: string) => splitOutside(canonicalType(type), ' | ').map((member) => member.trim());
  const before = members(was);
  const after = members(is);
  const takes = (member: string) =>
    after.some((other) => {
      if (other === member) return true;
      const [element, otherElement] = [elementOf(member), elementOf(other)];
      return element !== undefined && otherElement !== undefined && widens(element, otherElement);
    });
  return was !== is && before.every(takes);
}

/** The members of a type kept, or one added optional; a parameter's member may also take more than it did. */
function membersGrow(a: Record<string, Member> = {}, b: Record<string, Member> = {}, taken = false): boolean {
  return (
    Object.keys(a).every(
      (key) =>
        JSON.stringify(a[key]) === JSON.stringify(b[key]) ||
        (taken &&
          b[key] !== undefined &&
          Boolean(a[key].optional) === Boolean(b[key].optional) &&
          widens(a[key].type, b[key].type)),
    ) && Object.keys(b).every((key) => key in a || b[key].optional)
  );
}

function onlyAddsOptional(was: Export, is: Export, handedToShared = false): boolean {
  if (was.kind === 'type' && is.kind === 'type') return membersGrow(was.members, is.members, handedToShared);
  if (was.kind !== 'function' || is.kind !== 'function') return false;
  // A call written against a signature before still compiles if some signature now takes it: an added
  // overload is an addition.
  return was.signatures.every((sig) => is.signatures.some((next) => takesCallsOf(sig, next)));
}

/** Whether every call written against `sig` compiles against `next`, and gets what it got. */
function takesCallsOf(sig: Signature, next: Signature): boolean {
  if (withoutBindings(sig.returns) !== withoutBindings(next.returns) || next.params.length < sig.params.length) {
    return false;
  }
  // A caller passes parameters by position: their names, and the name of an object parameter's type,
  // are not part of what it relies on; the object's members are (compared one by one). A parameter a
  // caller had to pass may become optional, never the other way round.
  const same = sig.params.every(
    (param, j) =>
      (param.type === next.params[j].type ||
        widens(param.type, next.params[j].type) ||
        (param.members !== undefined && next.params[j].members !== undefined)) &&
      (Boolean(next.params[j].optional) || !param.optional) &&
      membersGrow(param.members, next.params[j].members, true),
  );
  return same && next.params.slice(sig.params.length).every((param) => param.optional);
}

/**
 * A type's text without the destructuring patterns of its function types' parameters
 * (`({ page, q }: PageRequest) => …` reads `(_: PageRequest) => …`): which names a function binds is its
 * own business. A pattern has no colon inside its braces, which an object type always has.
 */
export const withoutBindings = (type: string) => type.replace(/\{[^{}:]*\}(\??):/g, '_$1:');

/** The size of the step between two versions. */
export function bumpOf(from: string, to: string): Change {
  const [a, b, c] = from.split('.').map(Number);
  const [x, y, z] = to.split('.').map(Number);
  if (x > a) return 'major';
  if (x === a && y > b) return 'minor';
  if (x === a && y === b && z > c) return 'patch';
  return 'none';
}

const RANK: Record<Change, number> = { none: 0, patch: 1, minor: 2, major: 3 };

/** Whether going from `previous` to `version` is a big enough step for the change. */
export function bumpIsEnough(change: Change, previous: string, version: string): boolean {
  return RANK[bumpOf(previous, version)] >= RANK[change];
}

function main(): void {
  const root = path.join(__dirname, '..');
  const sharedDir = path.join(root, 'shared');
  const reportFile = path.join(sharedDir, 'surface.json');
  const check = process.argv.includes('--check');

  const { version } = JSON.parse(fs.readFileSync(path.join(sharedDir, 'package.json'), 'utf8')) as { version: string };
  const exports = readSurface(sharedDir);
  const report = JSON.stringify({ version, exports }, null, 2) + '\n';
  const committed = fs.existsSync(reportFile) ? fs.readFileSync(reportFile, 'utf8') : undefined;

  if (check) {
    if (committed !== report) {
      console.error(
        'shared/surface.json is not the surface of shared/src (or not of its version).\n' +
          'Run `npm run surface`: it says which version bump the change needs, then writes the report.',
      );
      process.exit(1);
    }
    console.log(`shared ${version}: its surface matches shared/surface.json.`);
    return;
  }
  if (committed === report) {
    console.log(`shared/surface.json is up to date (shared ${version}).`);
    return;
  }
  const previous = committed
    ? (JSON.parse(committed) as { version: string; exports: Surface })
    : { version: '0.0.0', exports: {} };
  const { change, why } = changeBetween(previous.exports, exports);
  if (!bumpIsEnough(change, previous.version, version)) {
    console.error(
      `shared's surface changed since ${previous.version} (${why}): that needs a ${change} version bump, ` +
        `but shared/package.json says ${version}. Bump it, then run \`npm run surface\` again. Remotes that use ` +
        'what is new declare the new range in their package.json ("shared": "^x.y.0").',
    );
    process.exit(1);
  }
  fs.writeFileSync(reportFile, report);
  console.log(`Wrote shared/surface.json for shared ${version} (${change === 'none' ? 'no surface change' : why}).`);
}

if (require.main === module) main();
