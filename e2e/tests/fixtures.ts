/** A valid 2×2 PNG: covers, pictures and thumbnails of the specs. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkYPj/n4GBgYGJgYGBgQEAGw0CAtQu/ZcAAAAASUVORK5CYII=',
  'base64',
);
