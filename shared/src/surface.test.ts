import fs from 'node:fs';
import path from 'node:path';

// `shared` is the platform every app builds against and the browser loads once: it exports what the
// apps use and nothing more, so that each export is a promise someone keeps.
const repo = path.join(__dirname, '..', '..');
const apps = ['shell', 'remote-content', 'remote-community', 'remote-finance'];

function sourcesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("shared's public surface", () => {
  const exportsOf = (entry: string) =>
    [...fs.readFileSync(path.join(__dirname, entry), 'utf8').matchAll(/export \{([^}]*)\} from/g)].flatMap((match) =>
      match[1]
        .split(',')
        .map((name) => name.trim().replace(/^type /, ''))
        .filter(Boolean),
    );
  const codeIn = (dirs: string[]) =>
    dirs
      .flatMap((dir) => sourcesOf(dir))
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
  const unusedIn = (names: string[], code: string) => names.filter((name) => !new RegExp(`\\b${name}\\b`).test(code));
  const appDirs = apps.map((app) => path.join(repo, app, 'src'));

  // What remotes released against an older minor of this major may still call, though no app here
  // does: removing one is the next major's change.
  const keptForReleasedRemotes = [
    'apiClient',
    'pathId',
    'unwrap',
    'ApiEnvelope',
    'sendForm',
    'toFormData',
    // Every form of a remote released before 3.10 is a FormPage; the apps here reach it through RecordForm.
    'FormPage',
    // The fields, checks and details text of the forms of remotes released before 3.12; the apps here
    // reach them through a form's definition (defineForm, DefinedFields, DetailsRows).
    'linkField',
    'pictureField',
    'DetailsText',
    'FileField',
    'PictureField',
    'FileValue',
    // The inputs of a form definition, as remotes released before 3.13 draw them; the apps here
    // draw the whole form with DefinedForm.
    'DefinedFields',
    // The types of what useFieldRefusals answers (3.19), released with it for a remote that passes the
    // refusals on; the apps here let TypeScript infer them.
    'FieldRefusals',
    'RefusedField',
    // The frame of a field a remote released before the record controller binds to its form itself;
    // the apps here bind theirs with LabelledField.
    'FieldFrame',
  ];

  it('exports only names that an app (or its own data entry) uses, or that released remotes may call', () => {
    const exported = exportsOf('index.ts');
    expect(exported.length).toBeGreaterThan(20);
    expect(exported).toEqual(expect.arrayContaining(keptForReleasedRemotes));
    // 'shared/data' uses the main entry through the package name, as an app does.
    const unused = unusedIn(exported, codeIn([...appDirs, path.join(__dirname, 'data')]));
    expect(unused.filter((name) => !keptForReleasedRemotes.includes(name))).toEqual([]);
  });

  it("exports from 'shared/data' only what an app uses, or that released remotes may name", () => {
    // What remotes released before 3.13 declared their calls with: the page of a growing list (the
    // apps here use pageCall), and a resource's calls apart from its keys (resourceWithCalls).
    // And Delete All of a whole list (useRemoveAll, since 3.13): the apps here delete one tab's share.
    // And the record screens of before the record controller: recordScreens, useRecord, useRecordInList
    // (with the words they take), and the delete of a record on screen (useRemove).
    const keptForReleasedRemotesOfData = [
      'PageAnswer',
      'PageRequest',
      'resourceCalls',
      'useRemoveAll',
      'recordScreens',
      'useRecord',
      'useRecordInList',
      'MissingWords',
      'useRemove',
    ];
    const exported = exportsOf('data/index.ts');
    expect(exported.length).toBeGreaterThan(0);
    expect(exported).toEqual(expect.arrayContaining(keptForReleasedRemotesOfData));
    const unused = unusedIn(exported, codeIn(appDirs));
    expect(unused.filter((name) => !keptForReleasedRemotesOfData.includes(name))).toEqual([]);
  });

  it('holds no feature calls: each app owns its own', () => {
    expect(fs.readdirSync(path.join(__dirname, 'api', 'resources'))).toEqual(['auth.ts']);
  });
});
