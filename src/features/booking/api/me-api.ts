import type { AccountDeleted } from '#contracts/me';
import { apiFetch, apiRequest } from '~/lib/api-client';

// The account's data as the server sends it: a JSON file to save.
export async function downloadMyData(): Promise<{ blob: Blob; filename: string }> {
  const response = await apiFetch('/api/me/export');
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'wayfarer-tours-my-data.json';
  return { blob: await response.blob(), filename };
}

export function deleteMyAccount(): Promise<AccountDeleted> {
  return apiRequest<AccountDeleted>('/api/me', { method: 'DELETE' });
}
