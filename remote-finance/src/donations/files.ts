/** The stored file's type from its extension ('PDF', 'PNG' …; 'FILE' when it has none), for labels. */
export function fileType(url: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(url)?.[1]?.toUpperCase();
  return !extension || extension === 'BIN' ? 'FILE' : extension;
}
