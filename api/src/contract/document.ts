import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';

/**
 * The OpenAPI document this server answers at GET /api/v1/openapi.json, built without listening
 * and in a throw-away data folder (scripts/contract.mjs generates the clients' contract from it).
 */
export async function openApiDocument(): Promise<unknown> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-contract-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
