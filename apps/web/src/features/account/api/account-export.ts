import { api, dataOf } from '../../../lib/api-client.ts';

/** The file name the export is saved under (the API's Content-Disposition names it too). */
export const EXPORT_FILE_NAME = 'reloop-account.json';

/** Everything Reloop holds about the signed-in user, as the JSON file the API makes. */
export const fetchAccountExport = () => dataOf(api.GET('/api/auth/export', { parseAs: 'blob' }));

/**
 * Fetches the export with the session's token (a plain link could not send it) and hands it to
 * the browser as a download.
 */
export async function downloadAccountExport(): Promise<void> {
  const file = await fetchAccountExport();
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = EXPORT_FILE_NAME;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started reading the file by the next task; the URL can go then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
