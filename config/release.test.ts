import { buildCommit, releaseId } from './release';

const file = (name: string, content: string) => ({ name, content: Buffer.from(content) });

describe('release naming', () => {
  const build = [file('remoteEntry.js', 'entry'), file('mf-manifest.json', '{}'), file('main.1a2b3c4d5e.js', 'main')];

  it('is the version and the first 7 hex of the content hash, whatever the files order', () => {
    const id = releaseId('1.4.0', build);
    expect(id).toMatch(/^1\.4\.0-[0-9a-f]{7}$/);
    expect(releaseId('1.4.0', [...build].reverse())).toBe(id);
  });

  it('changes with any file of the build, but not with derived twins or the metadata itself', () => {
    const id = releaseId('1.4.0', build);
    expect(releaseId('1.4.0', [...build.slice(1), file('remoteEntry.js', 'entry 2')])).not.toBe(id);
    expect(releaseId('1.4.0', [...build, file('main.1a2b3c4d5e.js.br', 'x'), file('release.json', '{}')])).toBe(id);
    expect(releaseId('1.5.0', build)).toMatch(/^1\.5\.0-/);
  });

  it("takes the commit from the CI's RELEASE_COMMIT, else from git", () => {
    expect(buildCommit(__dirname, { RELEASE_COMMIT: ' 3f2a9c1 ' })).toBe('3f2a9c1');
    expect(buildCommit(__dirname, {})).toMatch(/^([0-9a-f]{12}(-dirty)?|unknown)$/);
  });
});
