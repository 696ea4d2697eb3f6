// What an uploaded file is, from its first bytes ("magic numbers") — never from its name or the
// type the client declared. Only the four raster formats every browser shows are images here; SVG
// (which can carry scripts) is deliberately not one of them.

export interface DetectedType {
  /** Extension of the stored file, which also decides how /uploads/ serves it. */
  extension: string;
  mimeType: string;
  isImage: boolean;
}

/** Bytes needed to recognise every type below. */
export const SNIFF_BYTES = 12;

/** Types of verified images by their stored extension: served inline; every other upload is a download. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};
export const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(Object.keys(IMAGE_TYPES));

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const image = (extension: string, mimeType: string): DetectedType => ({ extension, mimeType, isImage: true });

/** JPEG, PNG, GIF or WebP by signature; undefined for anything else. */
export function detectImage(head: Buffer): DetectedType | undefined {
  const ascii = (start: number, end: number) => head.toString('latin1', start, end);
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return image('jpg', 'image/jpeg');
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return image('png', 'image/png');
  if (head.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return image('gif', 'image/gif');
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return image('webp', 'image/webp');
  return undefined;
}

/**
 * Any file (donation files): an image when it is one; a PDF by its signature; otherwise the
 * extension the client gave (letters and digits only, never an image's) or `bin`. A non-image is
 * always served as a download, so its extension only names the file for the person saving it.
 */
export function detectAnyFile(head: Buffer, originalName: string): DetectedType {
  const detected = detectImage(head);
  if (detected) return detected;
  if (head.toString('latin1', 0, 5) === '%PDF-')
    return { extension: 'pdf', mimeType: 'application/pdf', isImage: false };
  const given = /\.([A-Za-z0-9]{1,10})$/.exec(originalName)?.[1]?.toLowerCase();
  const unsafe = !given || IMAGE_EXTENSIONS.has(given) || ['jpeg', 'svg', 'svgz'].includes(given);
  return { extension: unsafe ? 'bin' : given, mimeType: 'application/octet-stream', isImage: false };
}
