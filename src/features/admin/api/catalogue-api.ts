// The console's calls to /api/admin/packages (types: contracts/catalogue.ts). The server checks
// the operator's role on every one of them.
import type {
  AdminPackage,
  AdminPackages,
  NewPackage,
  PackageChange,
  UploadedImage,
} from '#contracts/catalogue';
import { apiRequest } from '~/lib/api-client';

const id = (value: string) => encodeURIComponent(value);

// Also read by the console's loaders on the server (src/routes/admin-packages.tsx).
export const cataloguePaths = {
  packages: '/api/admin/packages',
};

export async function listAdminPackages(signal?: AbortSignal): Promise<AdminPackage[]> {
  const data = await apiRequest<AdminPackages>(cataloguePaths.packages, { signal });
  return data.packages;
}

export function createPackage(input: NewPackage): Promise<AdminPackage> {
  return apiRequest<AdminPackage>(cataloguePaths.packages, { method: 'POST', body: input });
}

export function changePackage(packageId: string, change: PackageChange): Promise<AdminPackage> {
  return apiRequest<AdminPackage>(`${cataloguePaths.packages}/${id(packageId)}`, {
    method: 'PATCH',
    body: change,
  });
}

export async function deletePackage(packageId: string): Promise<void> {
  await apiRequest<unknown>(`${cataloguePaths.packages}/${id(packageId)}`, { method: 'DELETE' });
}

export async function orderPackages(ids: string[]): Promise<AdminPackage[]> {
  const data = await apiRequest<AdminPackages>(`${cataloguePaths.packages}/order`, {
    method: 'PUT',
    body: { ids },
  });
  return data.packages;
}

// Multipart: the file as chosen and its alt text; the server re-encodes it and answers its URLs.
export function uploadPackageImage(packageId: string, file: File, alt: string): Promise<UploadedImage> {
  const body = new FormData();
  body.set('alt', alt);
  body.set('file', file);
  return apiRequest<UploadedImage>(`${cataloguePaths.packages}/${id(packageId)}/images`, {
    method: 'POST',
    body,
  });
}
