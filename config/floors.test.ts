import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The floors of api/src and shared/src (docs/repository-layout.md) as eslint.config.mjs enforces
// them: each case lints a real file of the tree with one import added, and reads the floor rule's errors.
const root = path.resolve(__dirname, '..');

interface Case {
  file: string;
  adds: string;
}

/**
 * The floor rule's messages for each case, from one ESLint run. The floors need no types: the rules that
 * do are off, and with them the typed program typescript-eslint would build for the whole tree.
 */
function floorErrors(cases: Case[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({
      cwd: process.cwd(),
      overrideConfig: {
        languageOptions: { parserOptions: { project: null } },
        rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
      },
    });
    const cases = JSON.parse(process.argv[1]);
    const answers = [];
    for (const { file, code } of cases) {
      const [result] = await eslint.lintText(code, { filePath: file });
      answers.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
    }
    console.log(JSON.stringify(answers));`;
  const input = cases.map(({ file, adds }) => ({
    file,
    code: `${adds}\n${fs.readFileSync(path.join(root, file), 'utf8')}`,
  }));
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(input)], {
    cwd: root,
    // Under CI=true typescript-eslint builds its program once from the files on disk and would lint
    // those, not the text handed in; the added import would then never be seen.
    env: { ...process.env, TSESTREE_SINGLE_RUN: 'false' },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out) as string[][];
}

describe('the floors', () => {
  it('refuse an import from a higher floor, naming the floor, and let a lower one or a test through', () => {
    const [httpUp, httpDown, machineryUp, featureUp, sharedUp, sharedEntry, test] = floorErrors([
      { file: 'api/src/http/errors.ts', adds: "import { requireAdmin } from '../auth/guard';" },
      { file: 'api/src/http/errors.ts', adds: "import { newId } from '../db/ids';" },
      { file: 'api/src/trash/header.ts', adds: "import { bookResource } from '../books/resource';" },
      { file: 'api/src/books/resource.ts', adds: "import { buildApp } from '../app';" },
      { file: 'shared/src/ui/Button.tsx', adds: "import { TextField } from '../forms/inputs';" },
      { file: 'shared/src/forms/FieldFrame.tsx', adds: "import { notify } from 'shared';" },
      { file: 'api/src/http/http.test.ts', adds: "import { buildApp } from '../app';" },
    ]);
    expect(httpUp).toEqual([expect.stringContaining('api/src/http stands on floor 3 of 7')]);
    expect(httpDown).toEqual([]);
    expect(machineryUp).toEqual([expect.stringContaining('api/src/trash stands on floor 5 of 7')]);
    expect(featureUp).toEqual([expect.stringContaining('api/src/books stands on floor 6 of 7')]);
    expect(sharedUp).toEqual([expect.stringContaining('shared/src/ui stands on floor 3 of 6')]);
    expect(sharedEntry).toEqual([expect.stringContaining('shared/src/forms stands on floor 4 of 6')]);
    expect(test).toEqual([]);
  }, 180_000);
});
