import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

// RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps.
const PERIOD_SECONDS = 30;
const ISSUER = 'Community Admin';
/** Steps either side of now that are accepted: a phone's clock a little off still signs in. */
const WINDOW = 1;

export const RECOVERY_CODE_COUNT = 10;

/** The key file's name in DATA_DIR: what a copy of the database alone does not hold. */
export const KEY_FILE = 'two-factor.key';

const keys = new Map<string, Buffer>();

/**
 * The 32-byte key that encrypts the secrets and keys the recovery codes' hashes, made on first use.
 * Instances sharing a database on other machines need the same file (docs/accounts.md "Two-factor sign-in").
 */
function keyIn(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  let key = keys.get(file);
  if (key) return key;
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another instance (or an earlier start) made it: that one is the key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key (base64)`);
  keys.set(file, key);
  return key;
}

/** The key of `dataDir` is read again at its next use: a restore from Settings put another in place. */
export function forgetKey(dataDir: string): void {
  keys.delete(path.join(dataDir, KEY_FILE));
}

/**
 * A key for another use, derived from the same file (HKDF-SHA256, named by `purpose`): instances that
 * share the database already share the file, so they agree on it with nothing more to copy.
 */
export function derivedKey(dataDir: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', keyIn(dataDir), Buffer.alloc(0), purpose, 32));
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function sealSecret(dataDir: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyIn(dataDir), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function openSecret(dataDir: string, stored: string): string {
  const [, iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyIn(dataDir), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
}

/** A new secret of 160 bits (RFC 4226's recommendation), in base32 as the apps take it typed. */
export const newSecret = () => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS });

/** The otpauth:// URI the QR code carries. */
export const otpauthUri = (secret: string, email: string) => totpOf(secret, email).toString();

/** The QR code of the URI as an SVG data URL: no QR library in any browser bundle. */
export async function qrCodeOf(uri: string): Promise<string> {
  // Loaded when first asked: the server starts without it.
  const QRCode = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The time step a six-digit code belongs to (within the window around now), or undefined when it is wrong. */
export function stepOf(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

// Recovery codes: 10 characters of a 32-letter alphabet (50 bits) without 0/o and 1/l look-alikes.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  const one = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = one();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/**
 * Keyed with the DATA_DIR key, so that the stored hashes of 50-bit codes cannot be tried offline from a
 * copy of the database. Case, spaces and the dash do not matter.
 */
export function hashRecoveryCode(dataDir: string, code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHmac('sha256', keyIn(dataDir)).update(normal).digest('hex');
}
