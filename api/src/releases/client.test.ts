import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config';
import { adoptBuilds } from '../testing/archives';
import { engines, makeFrontEndFixture, startServer, writeRemoteBuild, type TestServer } from '../testing/harness';

// The commands with --to (scripts/releases.mjs, scripts/release-client.mjs): what a remote team's CI
// runs, with plain Node and a DEPLOY_TOKEN, against a server over HTTP(S).

/** Runs `node scripts/releases.mjs …` as npm would; answers its exit code and what it printed. */
function command(args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'releases.mjs'), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the release commands over HTTPS', () => {
  let server: TestServer;
  let fixture: ReturnType<typeof makeFrontEndFixture>;
  let secret: string;
  let contentSecret: string;

  beforeAll(async () => {
    fixture = makeFrontEndFixture();
    const finance = writeRemoteBuild(path.join(fixture.root, 'remote-finance/dist'), {
      name: 'finance',
      release: '1.0.0-fffffff',
    });
    server = await startServer(engines()[0]![1], {
      staticRoots: { ...fixture.staticRoots, remoteBuilds: [...fixture.staticRoots.remoteBuilds, finance] },
    });
    await adoptBuilds(server);
    const token = await server.login();
    const create = async (remote: string) =>
      (
        await server.call('POST', '/api/v1/deploy-tokens', {
          token,
          json: { name: `${remote} CI`, remote, scope: 'deploy', expiresAt: new Date(Date.now() + 86_400_000) },
        })
      ).body.data.secret as string;
    secret = await create('finance');
    contentSecret = await create('content');
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(fixture.root, { recursive: true, force: true });
  });

  it('publishes a build, prints its id last, puts it live, lists it and rolls back', async () => {
    const build = writeRemoteBuild(path.join(fixture.root, 'next-finance'), {
      name: 'finance',
      release: '1.1.0-aaaaaaa',
    });
    const published = await command(['publish', 'finance', build, '--to', server.url], { DEPLOY_TOKEN: secret });
    expect(published.stderr).toBe('');
    expect(published.code).toBe(0);
    expect(published.stdout.trim().split('\n').at(-1)).toBe('1.1.0-aaaaaaa');
    // The link a CI prints starts a preview in the browser that opens it.
    expect(published.stdout).toContain(
      `Preview it in your browser: ${server.url}/settings/versions?preview=finance%2F1.1.0-aaaaaaa`,
    );

    const deployed = await command(['deploy', 'finance', '1.1.0-aaaaaaa', '--to', server.url], {
      DEPLOY_TOKEN: secret,
    });
    expect(deployed.stdout.trim()).toBe('finance 1.1.0-aaaaaaa is live (was 1.0.0-fffffff).');
    const live = await server.call('GET', '/remotes.json');
    expect(live.body.remotes.find((r: { name: string }) => r.name === 'finance').release).toBe('1.1.0-aaaaaaa');

    const listed = await command(['releases', 'finance', '--to', server.url], { DEPLOY_TOKEN: secret });
    expect(listed.stdout).toMatch(/^finance\n {2}\* live {5}1\.1\.0-aaaaaaa .*\n {4}previous 1\.0\.0-fffffff /);

    const back = await command(['rollback', 'finance', '--to', server.url], { DEPLOY_TOKEN: secret });
    expect(back.stdout.trim()).toBe('finance rolled back to 1.0.0-fffffff (was 1.1.0-aaaaaaa).');
  });

  it('rolls a release out to a share of the browsers, refuses a share outside 0–100, and promotes it', async () => {
    const build = writeRemoteBuild(path.join(fixture.root, 'rollout-finance'), {
      name: 'finance',
      release: '1.2.0-bbbbbbb',
    });
    const env = { DEPLOY_TOKEN: secret };
    expect((await command(['publish', 'finance', build, '--to', server.url], env)).code).toBe(0);
    const mapBefore = (await server.call('GET', '/remotes.json')).text;

    for (const share of ['140', '-5', '2.5']) {
      const refused = await command(['deploy', 'finance', '1.2.0-bbbbbbb', '--share', share, '--to', server.url], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(`--share must be a whole number of percent from 0 to 100 (got "${share}")`);
    }
    // The server refuses it too, in words, whatever the client checked.
    const direct = await server.call('POST', '/api/v1/releases/finance/deploy', {
      headers: { authorization: `Bearer ${secret}` },
      json: { release: '1.2.0-bbbbbbb', share: 140 },
    });
    expect(direct.status).toBe(400);
    expect(direct.body.message).toMatch(/share/i);
    expect((await server.call('GET', '/remotes.json')).text).toBe(mapBefore);

    const rolled = await command(['deploy', 'finance', '1.2.0-bbbbbbb', '--share', '10', '--to', server.url], env);
    expect(rolled.stderr).toBe('');
    expect(rolled.stdout.trim()).toBe(
      'finance 1.2.0-bbbbbbb is served to 10 % of the browsers; 1.0.0-fffffff to the rest.',
    );
    const rollouts = await server.call('GET', '/api/v1/rollouts', { token: await server.login() });
    expect(rollouts.body.data.find((remote: { name: string }) => remote.name === 'finance').rollout).toMatchObject({
      release: '1.2.0-bbbbbbb',
      share: 10,
    });

    // A rollback during the rollout ends it, in the words of the command on the server.
    const ended = await command(['rollback', 'finance', '--to', server.url], env);
    expect(ended.stdout.trim()).toBe('finance rollout of 1.2.0-bbbbbbb ended: every browser gets 1.0.0-fffffff again.');
    expect((await command(['deploy', 'finance', '1.2.0-bbbbbbb', '--share', '10', '--to', server.url], env)).code).toBe(
      0,
    );

    const promoted = await command(['promote', 'finance', '--to', server.url], env);
    expect(promoted.stdout.trim()).toBe('finance 1.2.0-bbbbbbb is live for every browser (was 1.0.0-fffffff).');
    const again = await command(['promote', 'finance', '--to', server.url], env);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toMatch(/finance has no rollout/);
    expect((await command(['rollback', 'finance', '--to', server.url], env)).code).toBe(0);
  });

  it("prints the server's refusal in words and exits 1", async () => {
    const refused = await command(['deploy', 'finance', '1.0.0-fffffff', '--to', server.url], {
      DEPLOY_TOKEN: contentSecret,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe('The deploy token “content CI” is for content; it cannot touch finance');

    const missing = await command(['rollback', 'finance', '--to', server.url], {});
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^Set DEPLOY_TOKEN to a deploy token/);

    const nowhere = await command(['releases', 'finance', '--to', 'office.example.org'], { DEPLOY_TOKEN: secret });
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toMatch(/--to must be the back-office's address/);

    const unreachable = await command(['releases', 'finance', '--to', 'http://127.0.0.1:9'], { DEPLOY_TOKEN: secret });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:9\/api\/v1/);
  });
});
