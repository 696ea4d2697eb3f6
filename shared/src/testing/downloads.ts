import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** A file the page handed to the browser as a download: its name and its content. */
export interface Download {
  name: string;
  file: Blob;
}

/**
 * Records the downloads a page starts (a link to an object URL, clicked), which jsdom cannot follow:
 * each link's file name and the Blob behind its URL. Undone by `jest.restoreAllMocks()`.
 */
export function watchDownloads(): Download[] {
  const files = new Map<string, Blob>();
  let next = 0;
  const createObjectURL = (file: Blob | MediaSource) => {
    const url = `blob:download/${(next += 1)}`;
    if (file instanceof Blob) files.set(url, file);
    return url;
  };
  const revokeObjectURL = (url: string) => void files.delete(url);
  // jsdom has neither; a suite may have given its own, which is then restored with the mocks.
  if (typeof URL.createObjectURL === 'function') {
    jest.spyOn(URL, 'createObjectURL').mockImplementation(createObjectURL);
    jest.spyOn(URL, 'revokeObjectURL').mockImplementation(revokeObjectURL);
  } else Object.assign(URL, { createObjectURL, revokeObjectURL });
  const downloads: Download[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const file = files.get(this.href);
    if (file) downloads.push({ name: this.download, file });
  });
  return downloads;
}

/** Opens a list's Export and chooses a format, as the administrator does. */
export async function chooseExport(format: 'CSV (.csv)' | 'Excel (.xlsx)' = 'CSV (.csv)'): Promise<void> {
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await userEvent.click(screen.getByRole('button', { name: format }));
}
