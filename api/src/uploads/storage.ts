import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { DatabaseUploadStore } from './database-store';
import { UploadStore, type UploadStorage } from './store';

/**
 * Where this server keeps uploads: in PostgreSQL when it runs on one (so that every instance on the
 * database serves the same files), in DATA_DIR/uploads on SQLite.
 */
export function openUploadStorage(config: AppConfig, db: Db, log?: FastifyBaseLogger): UploadStorage {
  const storage =
    db.engine === 'postgres'
      ? new DatabaseUploadStore(db, config.uploadsDir, log)
      : new UploadStore(config.uploadsDir, log);
  storage.prepare();
  return storage;
}
