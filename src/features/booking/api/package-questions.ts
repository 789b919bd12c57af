import type { AnswerQuestion } from '#contracts/answers';
import { apiRequest } from '~/lib/api-client';
import { readPackageContent } from '~/lib/catalogue';

// The questions a package asks of each traveller, from its public page's answer (GET
// /api/packages/{id}); none when it cannot be read (an archived package answers 404: its
// bookings keep their details without new questions).
export async function getPackageQuestions(
  packageId: string,
  signal?: AbortSignal,
): Promise<AnswerQuestion[]> {
  try {
    const data = await apiRequest<unknown>(`/api/packages/${encodeURIComponent(packageId)}`, {
      signal,
      auth: false,
    });
    return readPackageContent(data)?.questions ?? [];
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}
