import { randomBytes } from 'node:crypto';

// Ids look like the MongoDB ObjectIds the mobile app's backend already returns: 24 lowercase hex
// characters = 4 bytes of seconds since 1970 + 5 random bytes per process + a 3-byte counter.
// The leading time makes them sort by creation; the counter keeps ids made in the same second
// in order within one process (a purely random tail would not).
const processRandom = randomBytes(5);
let counter = randomBytes(3).readUIntBE(0, 3);

export function newId(now: Date = new Date()): string {
  const id = Buffer.alloc(12);
  id.writeUInt32BE(Math.floor(now.getTime() / 1000) >>> 0, 0);
  processRandom.copy(id, 4);
  counter = (counter + 1) % 0x1000000;
  id.writeUIntBE(counter, 9, 3);
  return id.toString('hex');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{24}$/.test(value);
}

/** Timestamps are stored as ISO-8601 UTC text on both engines: portable and sortable as text. */
export function timestamp(date: Date = new Date()): string {
  return date.toISOString();
}
