import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// For tests that prove the typecheck refuses a change: compile an app's file as `tsc -p <app>` would,
// with some files replaced by changed copies held in memory, and read the errors.

const root = path.join(__dirname, '..');

const realpath = (file: string) => {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
};

/** Parsed once for every compile: the files a case does not change are the same between cases. */
const parsed = new Map<string, ts.SourceFile>();

/**
 * The errors in `entry` (a path below the repository) of compiling it, and what it imports, with the
 * compiler options of the app `app`, with `changed` files (path → text) in place of the real ones.
 * Each error reads `<file below the repository>: <message>`.
 */
export function compileErrors(app: string, entry: string, changed: Record<string, string> = {}): string[] {
  const texts = new Map(Object.entries(changed).map(([file, text]) => [realpath(path.resolve(root, file)), text]));
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, app, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '));
      },
    },
  )!;
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => texts.get(realpath(name)) ?? readFile(name);
  host.getSourceFile = (name, language, onError) => {
    const text = texts.get(realpath(name));
    if (text !== undefined) return ts.createSourceFile(name, text, language);
    const key = `${name} ${JSON.stringify(language)}`;
    if (!parsed.has(key)) {
      const source = getSourceFile(name, language, onError);
      if (!source) return undefined;
      parsed.set(key, source);
    }
    return parsed.get(key);
  };
  const program = ts.createProgram([path.resolve(root, entry)], config.options, host);
  // The entry's own errors: a changed contract or route table shows where the entry uses it, and the
  // files it imports are `npm run typecheck`'s to check (checking them all again cost most of each case).
  const source = program.getSourceFile(path.resolve(root, entry));
  if (!source) throw new Error(`${entry} is not in the program`);
  return [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSyntacticDiagnostics(source),
    ...program.getSemanticDiagnostics(source),
  ].map(
    (diagnostic) =>
      `${diagnostic.file ? path.relative(root, diagnostic.file.fileName) : ''}: ` +
      ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
  );
}
