import type { AnswerQuestion } from '#contracts/answers';
import type { CataloguePackage } from '#contracts/catalogue';
import { apiRequest } from '~/lib/api-client';
import { readPackageContent } from '~/lib/catalogue';

// A package's questions and, for a page in another language, their translations (migration 68).
export type PackageQuestions = {
  questions: AnswerQuestion[];
  translations?: CataloguePackage['translations'];
};

// The questions a package asks of each traveller, from its public page's answer (GET
// /api/packages/{id}); none when it cannot be read (an archived package answers 404: its
// bookings keep their details without new questions).
export async function getPackageQuestions(
  packageId: string,
  signal?: AbortSignal,
): Promise<PackageQuestions> {
  try {
    const data = await apiRequest<unknown>(`/api/packages/${encodeURIComponent(packageId)}`, {
      signal,
      auth: false,
    });
    const content = readPackageContent(data);
    return {
      questions: content?.questions ?? [],
      ...(content?.translations ? { translations: content.translations } : {}),
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { questions: [] };
  }
}
