import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, repoRoot } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(repoRoot, 'data'),
      uploadsDir: path.join(repoRoot, 'data', 'uploads'),
      backupDir: path.join(repoRoot, 'data', 'backups'),
      backupMaxFiles: 200_000,
      backupMaxBytes: 20 * 1024 * 1024 * 1024,
      backupMaxFileBytes: 10 * 1024 * 1024 * 1024,
      databaseUrl: undefined,
      tokenTtlHours: 12,
      loginRateMax: 5,
      loginRateWindowMs: 60_000,
      publicRateMax: 30,
      publicRateWindowMs: 60_000,
      trustProxy: false,
      uploadMaxImageBytes: 5 * 1024 * 1024,
      uploadMaxFileBytes: 20 * 1024 * 1024,
      publicUrl: undefined,
      listCacheCheckMs: 500,
    });
    expect(config.staticRoots).toEqual({
      shell: path.join(repoRoot, 'shell', 'dist'),
      remoteBuilds: ['content', 'community', 'finance'].map((name) => path.join(repoRoot, `remote-${name}`, 'dist')),
    });
    // The live map and the releases are operator data: under DATA_DIR, never in a build's output.
    expect(config).toMatchObject({
      releasesDir: path.join(repoRoot, 'data', 'releases'),
      remotesMapFile: path.join(repoRoot, 'data', 'remotes.json'),
      releasesKeep: 5,
      remoteOrigins: [],
      remoteLoadTimeoutMs: 3000,
      rollbackErrorShare: 5,
    });
    expect(fs.existsSync(path.join(repoRoot, 'api', 'package.json'))).toBe(true);
  });

  it('sheds the logins and submits at a harder lag than the other calls, never below it', () => {
    expect(loadConfig({})).toMatchObject({
      eventLoopLagLimitMs: 500,
      eventLoopLagHardLimitMs: 2000,
      pressureWindowMs: 2000,
      pressureSampleMs: 250,
    });
    expect(loadConfig({ EVENT_LOOP_LAG_LIMIT_MS: '300' }).eventLoopLagHardLimitMs).toBe(1200);
    expect(loadConfig({ EVENT_LOOP_LAG_LIMIT_MS: '300', EVENT_LOOP_LAG_HARD_LIMIT_MS: '900' })).toMatchObject({
      eventLoopLagLimitMs: 300,
      eventLoopLagHardLimitMs: 900,
    });
    expect(() => loadConfig({ EVENT_LOOP_LAG_HARD_LIMIT_MS: '400' })).toThrow(
      'EVENT_LOOP_LAG_HARD_LIMIT_MS must be a whole number of at least 500 (got "400")',
    );
    expect(() => loadConfig({ PRESSURE_WINDOW_MS: '0' })).toThrow(
      'PRESSURE_WINDOW_MS must be a whole number of at least 1',
    );
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/backoffice',
      DATABASE_URL: 'postgres://u@db/backoffice',
      DATABASE_SCHEMA: 'office',
      TOKEN_TTL_HOURS: '2',
      LOGIN_RATE_MAX: '10',
      RELEASES_DIR: '/srv/releases',
      BACKUP_DIR: '/mnt/backups/',
      RELEASES_KEEP: '2',
      REMOTE_ORIGINS: 'https://cdn.example.org, http://127.0.0.1:9001',
      REMOTE_LOAD_TIMEOUT_MS: '5000',
      TRUST_PROXY: '10.0.0.1',
      UPLOAD_MAX_IMAGE_BYTES: '1048576',
      UPLOAD_MAX_FILE_BYTES: '2097152',
      PUBLIC_URL: 'https://office.example.org/',
      LIST_CACHE_CHECK_MS: '0',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/srv/backoffice',
      uploadsDir: '/srv/backoffice/uploads',
      backupDir: '/mnt/backups',
      databaseUrl: 'postgres://u@db/backoffice',
      databaseSchema: 'office',
      tokenTtlHours: 2,
      loginRateMax: 10,
      trustProxy: ['10.0.0.1'],
      uploadMaxImageBytes: 1048576,
      uploadMaxFileBytes: 2097152,
      publicUrl: 'https://office.example.org',
      listCacheCheckMs: 0,
    });
    expect(loadConfig({ PUBLIC_URL: 'http://example.org/office/' }).publicUrl).toBe('http://example.org/office');
    expect(config).toMatchObject({
      releasesDir: '/srv/releases',
      remotesMapFile: '/srv/backoffice/remotes.json',
      releasesKeep: 2,
      remoteOrigins: ['https://cdn.example.org', 'http://127.0.0.1:9001'],
      remoteLoadTimeoutMs: 5000,
    });
  });

  it('refuses nonsense early, naming the variable', () => {
    expect(() => loadConfig({ LOGIN_RATE_MAX: 'lots' })).toThrow(/LOGIN_RATE_MAX/);
    expect(() => loadConfig({ TOKEN_TTL_HOURS: '0' })).toThrow(/TOKEN_TTL_HOURS/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ UPLOAD_MAX_IMAGE_BYTES: '5MB' })).toThrow(/UPLOAD_MAX_IMAGE_BYTES/);
    expect(() => loadConfig({ PUBLIC_URL: 'office.example.org' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://office.example.org' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ REMOTE_ORIGINS: 'https://cdn.example.org/finance/' })).toThrow(/REMOTE_ORIGINS/);
    expect(() => loadConfig({ REMOTE_ORIGINS: 'cdn.example.org' })).toThrow(/REMOTE_ORIGINS/);
    expect(() => loadConfig({ ROLLBACK_ERROR_SHARE: '140' })).toThrow(/ROLLBACK_ERROR_SHARE must be a percentage/);
    expect(() => loadConfig({ ROLLBACK_ERROR_SHARE: 'some' })).toThrow(/ROLLBACK_ERROR_SHARE/);
  });

  it('takes the rollback error share as a percentage, with or without the sign', () => {
    expect(loadConfig({ ROLLBACK_ERROR_SHARE: '2.5' }).rollbackErrorShare).toBe(2.5);
    expect(loadConfig({ ROLLBACK_ERROR_SHARE: '10%' }).rollbackErrorShare).toBe(10);
  });

  it('serves the metrics to this machine only unless METRICS_ALLOW or METRICS_TOKEN say otherwise', () => {
    expect(loadConfig({})).toMatchObject({ metricsAllow: ['loopback'], metricsToken: undefined });
    expect(
      loadConfig({
        METRICS_ALLOW: ' 10.0.0.5, 192.168.1.0/24,fd00::/8 , Loopback',
        METRICS_TOKEN: ' 0123456789abcdef ',
      }),
    ).toMatchObject({
      metricsAllow: ['10.0.0.5', '192.168.1.0/24', 'fd00::/8', 'loopback'],
      metricsToken: '0123456789abcdef',
    });
    for (const wrong of ['10.0.0.0/33', 'prometheus.local', '10.0.0.1/8/2', '::1/129', '*', '10.0.0.1 10.0.0.2']) {
      expect(() => loadConfig({ METRICS_ALLOW: wrong })).toThrow(/^METRICS_ALLOW must list addresses or CIDR ranges/);
    }
    for (const wrong of ['short', 'sixteen chars no']) {
      expect(() => loadConfig({ METRICS_TOKEN: wrong })).toThrow(/^METRICS_TOKEN must be at least 16 characters/);
    }
  });
});
